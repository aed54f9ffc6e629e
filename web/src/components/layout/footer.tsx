import { Link } from 'react-router-dom';
import { env } from '@web/config/env';
import { staticPageLinks } from '@web/features/static-pages/static-page-links';

export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer__inner">
        <nav aria-label="フッター" className="footer__links">
          {staticPageLinks.map((link) => (
            <Link key={link.to} to={link.to}>
              {link.label}
            </Link>
          ))}
          <a href={env.contactUrl} target="_blank" rel="noreferrer noopener">
            お問い合わせ・ご意見
          </a>
        </nav>
        <p className="footer__copy">© {new Date().getFullYear()} みんなのクイズ</p>
      </div>
    </footer>
  );
}
