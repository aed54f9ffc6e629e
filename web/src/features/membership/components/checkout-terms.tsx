import { Link } from 'react-router-dom';
import { MEMBERSHIP } from '@shared/membership';
import { paths } from '@web/config/paths';

/**
 * What the member agrees to, beside the button that takes them to the payment page: the final
 * confirmation the 2022 amendment of the Act on Specified Commercial Transactions expects (price
 * with tax, when and how it is paid, when the service starts, renewal and how to cancel), with
 * the terms and the commercial-transactions notice one click away.
 */
export function CheckoutTerms() {
  return (
    <section className="checkout-terms" aria-labelledby="checkout-terms-title">
      <h3 id="checkout-terms-title" className="checkout-terms__title">
        お申し込み内容の確認
      </h3>
      <dl className="checkout-terms__facts">
        <div>
          <dt>商品</dt>
          <dd>アドバンスド会員（月額プラン）</dd>
        </div>
        <div>
          <dt>料金</dt>
          <dd>月額 {MEMBERSHIP.priceYen}円（税込）</dd>
        </div>
        <div>
          <dt>お支払い</dt>
          <dd>クレジットカード。初回はお申し込み時、以降は毎月の更新日に自動で決済されます。</dd>
        </div>
        <div>
          <dt>提供開始</dt>
          <dd>決済の完了後すぐ</dd>
        </div>
        <div>
          <dt>契約期間・更新</dt>
          <dd>1か月ごとの自動更新です。解約するまで毎月更新されます。</dd>
        </div>
        <div>
          <dt>解約</dt>
          <dd>
            このページの「定期購入を解約する」からいつでも解約できます。解約後も期間の終わりまでご利用いただけ、以降の請求はありません。日割りでの返金はありません。
          </dd>
        </div>
      </dl>
      <p className="checkout-terms__links">
        お申し込みの前に <Link to={paths.terms}>利用規約</Link> と{' '}
        <Link to={paths.tokushoho}>特定商取引法に基づく表記</Link>{' '}
        をご確認ください。次へ進むと、決済ページ（Stripe）に移動します。
      </p>
    </section>
  );
}
