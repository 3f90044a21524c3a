import { Link } from 'react-router';
import { CartButton } from './CartButton';
import { Logo } from './Logo';
import { ServiceContact } from './ServiceContact';
import { HotSearch } from './search/HotSearch';
import { SearchBox } from './search/SearchBox';

/** Main header: logo, search with hot searches, cart button, service contacts. */
export function Header() {
  return (
    <header className="sh-header">
      <div className="sh-container sh-header__inner">
        <Link to="/" className="sh-header__logo">
          <Logo />
        </Link>
        <div className="sh-header__search">
          <SearchBox />
          <HotSearch />
        </div>
        <CartButton />
        <ServiceContact />
      </div>
    </header>
  );
}

/** Login-style header: logo and the page name (login, registration, password reset). */
export function LoginHeader({ title }: { title?: string }) {
  return (
    <header className="sh-header sh-header--login">
      <div className="sh-container sh-header__inner">
        <Link to="/" className="sh-header__logo">
          <Logo />
        </Link>
        {title && <span className="sh-header__page">{title}</span>}
        <div className="sh-header__spacer" />
        <ServiceContact />
      </div>
    </header>
  );
}
