import { Link } from 'react-router-dom';
import { ContactLink } from '@web/components/contact-link';
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
          <ContactLink>お問い合わせ・ご意見</ContactLink>
        </nav>
        <p className="footer__copy">© {new Date().getFullYear()} みんなのクイズ</p>
      </div>
    </footer>
  );
}
