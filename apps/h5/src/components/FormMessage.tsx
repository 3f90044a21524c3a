/** A refusal no field of the form owns (验证码错误, 请求过于频繁), above the submit button. */
export function FormMessage({ text }: { text: string }) {
  return text ? (
    <p className="m-error" role="alert">
      {text}
    </p>
  ) : null;
}
