import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LIMITS } from '@shared/constants';
import { paths } from '@web/config/paths';
import { usePageTitle } from '@web/lib/page-title';
import { ContactLink } from '@web/components/contact-link';
import { env } from '@web/config/env';
import { japaneseDate, RelatedPages } from './static-page';
import '../static-pages.css';

/** The notice's rows; the seller is the stage's own setting (VITE_SELLER_NAME, README). */
const rows = (): [string, ReactNode][] => [
  ['販売事業者', env.sellerName ?? '（公開前に設定してください）'],
  ['運営責任者', 'ご請求があれば遅滞なく開示します'],
  ['所在地', 'ご請求があれば遅滞なく開示します'],
  ['電話番号', 'ご請求があれば遅滞なく開示します（お問い合わせはフォームで承ります）'],
  [
    'お問い合わせ',
    <>
      <ContactLink />
      （受付は24時間、回答は原則3営業日以内）
    </>,
  ],
  ['販売価格', 'アドバンスド会員 月額500円（税込）'],
  ['商品代金以外の必要料金', 'インターネット接続にかかる通信料はお客様のご負担となります'],
  [
    'サービスの内容',
    `クイズの作成上限が${LIMITS.quizzesWithMembership}件に増える（無料会員は${LIMITS.quizzesFree}件）、非公開クイズの作成、AI生成機能を1日${LIMITS.aiGenerationsPerDayWithMembership}回まで利用（無料会員は${LIMITS.aiGenerationsPerDayFree}回。毎日0時（日本時間）にリセット）、集中学習機能の利用`,
  ],
  [
    'お支払い方法',
    'クレジットカード（Visa、MasterCard、American Express、JCB）。決済は決済代行会社が行い、カード情報は本サービスに保存されません',
  ],
  [
    'お支払い時期',
    'お申し込み時に初月分をお支払いいただき、以降は毎月、お申し込み日と同じ日に自動で決済されます',
  ],
  ['サービスの提供時期', '決済が完了した時点から、すぐにアドバンスド会員の機能をご利用いただけます'],
  ['契約期間と自動更新', '1か月ごとの契約で、解約のお手続きをされるまで毎月自動で更新されます'],
  [
    '解約について',
    <>
      <Link to={paths.membership}>会員ページ</Link>
      からいつでも解約できます。解約後も、お支払い済みの期間が終わるまではアドバンスド会員の機能をご利用いただけ、次回以降の請求は行われません。期間内であれば、会員ページから定期購入を再開することもできます
    </>,
  ],
  [
    '返金について',
    'デジタルサービスの性質上、お支払い後の返金や、月の途中で解約した場合の日割りでの返金は行いません。ただし、二重請求など決済代行会社に起因する不具合で誤って請求された場合は、確認のうえ返金します',
  ],
  [
    '動作環境',
    '最新版のGoogle Chrome、Microsoft Edge、Safari、Firefox（JavaScriptとCookieが有効であること）',
  ],
];

/** '/tokutei-shoutorihikihou': the notice the Act on Specified Commercial Transactions requires. */
export function TokushohoPage() {
  usePageTitle('特定商取引法に基づく表記');
  return (
    <article className="container page static-page" aria-labelledby="tokushoho-title">
      <header className="static-page__header">
        <h1 id="tokushoho-title" className="page__title">
          特定商取引法に基づく表記
        </h1>
        <p className="static-page__lead">有料プラン「アドバンスド会員」の販売条件です。</p>
        <p className="static-page__updated">
          最終更新日: <time dateTime="2024-12-17">{japaneseDate('2024-12-17')}</time>
        </p>
      </header>
      <div className="card static-table-card">
        <table className="static-table">
          <tbody>
            {rows().map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <RelatedPages />
    </article>
  );
}
