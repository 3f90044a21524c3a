import { randomInt } from 'node:crypto';
import { TRANSFER_CODE_ALPHABET, TRANSFER_CODE_LENGTH } from '@yaocai/domain';

/**
 * A fresh 汇款识别码: 6 characters of an alphabet without 0/O and 1/I/L (31^6 ≈ 887 million
 * codes), so a clerk reading a bank statement types it back without a mistake. Uniqueness is
 * the database's (bank_transfers_code_uq); the caller draws again on a clash.
 */
export function newTransferCode(): string {
  let code = '';
  for (let i = 0; i < TRANSFER_CODE_LENGTH; i++)
    code += TRANSFER_CODE_ALPHABET[randomInt(TRANSFER_CODE_ALPHABET.length)];
  return code;
}
