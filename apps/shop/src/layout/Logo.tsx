/** The Yaocai logo, drawn inline (a green cross and the name). */
export function Logo({ small = false }: { small?: boolean }) {
  const size = small ? 32 : 52;
  return (
    <span className={small ? 'sh-logo sh-logo--small' : 'sh-logo'}>
      <svg width={size} height={size} viewBox="0 0 52 52" aria-hidden="true">
        <rect width="52" height="52" rx="12" fill="#0a7c4e" />
        <path d="M21 10h10v11h11v10H31v11H21V31H10V21h11z" fill="#fff" />
        <circle cx="40" cy="40" r="6" fill="#ffb400" />
      </svg>
      <span className="sh-logo__text">
        <strong className="sh-logo__name">药采</strong>
        {!small && <small className="sh-logo__tagline">药店诊所一站式采购平台</small>}
      </span>
    </span>
  );
}
