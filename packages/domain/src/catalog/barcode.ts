// Package barcodes (GS1 GTIN: EAN-8, UPC-A, EAN-13, GTIN-14). The last digit is a check digit
// over the others (GS1 General Specifications 7.9.1): weights 3 and 1 alternate from the
// rightmost data digit, and the check digit brings the weighted sum up to a multiple of ten.

/** Lengths a GTIN may have. */
export const gtinLengths = [8, 12, 13, 14] as const;

/** The check digit of a barcode's data digits (the barcode without its last digit). */
export function gtinCheckDigit(data: string): number {
  let sum = 0;
  for (let i = 0; i < data.length; i++) {
    const digit = data.charCodeAt(data.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Data digits followed by their check digit. */
export function withCheckDigit(data: string): string {
  return `${data}${gtinCheckDigit(data)}`;
}

/** A GTIN of 8, 12, 13 or 14 digits whose check digit is right. */
export function isValidGtin(code: string): boolean {
  if (!/^\d+$/.test(code) || !(gtinLengths as readonly number[]).includes(code.length)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === code.charCodeAt(code.length - 1) - 48;
}

/** An EAN-13 (the barcode of goods sold in China: 69...) with a right check digit. */
export function isValidEan13(code: string): boolean {
  return code.length === 13 && isValidGtin(code);
}

/** Why a barcode is refused, in Chinese; null when it is valid or empty (none). */
export function barcodeProblem(code: string): string | null {
  if (code === '') return null;
  if (!/^\d+$/.test(code)) return '条形码只能包含数字';
  if (!(gtinLengths as readonly number[]).includes(code.length)) return '条形码须为8、12、13或14位数字';
  if (!isValidGtin(code)) return '条形码校验位不正确，请核对后重新输入';
  return null;
}
