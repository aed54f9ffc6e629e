import { Link } from 'react-router-dom';
import { env } from '@web/config/env';
import { paths } from '@web/config/paths';

const footerLinks = [
  { to: paths.terms, label: '利用規約' },
  { to: paths.privacy, label: 'プライバシーポリシー' },
  { to: paths.guidelines, label: 'コンテンツガイドライン' },
  { to: paths.help, label: 'ヘルプセンター' },
  { to: paths.faq, label: 'よくある質問' },
  { to: paths.tokushoho, label: '特定商取引法に基づく表記' },
];

export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer__inner">
        <nav aria-label="フッター" className="footer__links">
          {footerLinks.map((link) => (
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
