/**
 * The payment simulator's pages (stripe-simulator.ts): the hosted checkout page, clearly a test
 * (テスト決済, no card data), and the simulator's own page with the test clock. Plain HTML with
 * inline styles and no script, served with a strict policy.
 */

const escape = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const yen = (amount: unknown, currency: unknown) =>
  currency === 'jpy' ? `¥${Number(amount).toLocaleString('ja-JP')}` : `${escape(amount)} ${escape(currency)}`;

const dateTime = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString('ja-JP', {
    timeZone: 'Asia/Tokyo',
    dateStyle: 'medium',
    timeStyle: 'short',
  });

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:"Noto Sans CJK JP","Hiragino Sans","Yu Gothic",system-ui,sans-serif;background:#f3f4f8;color:#1f2333;line-height:1.6}
  .banner{background:#b45309;color:#fff;text-align:center;padding:.55rem 1rem;font-weight:700;letter-spacing:.08em}
  main{max-width:920px;margin:0 auto;padding:2rem 1.25rem 3rem}
  .grid{display:grid;gap:1.5rem;grid-template-columns:1fr}
  @media(min-width:760px){.grid{grid-template-columns:1fr 1fr}}
  .card{background:#fff;border-radius:14px;box-shadow:0 1px 3px rgba(20,24,40,.08),0 8px 24px rgba(20,24,40,.06);padding:1.5rem}
  h1{font-size:1.35rem;margin:.2rem 0 1rem}
  h2{font-size:1.05rem;margin:0 0 .75rem}
  .muted{color:#5b6075;font-size:.9rem}
  .price{font-size:2.2rem;font-weight:800;margin:.25rem 0}
  .price small{font-size:1rem;font-weight:600;color:#5b6075}
  .tag{display:inline-block;background:#fff3e0;color:#b45309;border:1px solid #f6c27a;border-radius:999px;padding:.1rem .7rem;font-size:.8rem;font-weight:700}
  .notice{background:#fffbeb;border:1px solid #fcd34d;border-radius:10px;padding:.8rem 1rem;font-size:.9rem;margin:1rem 0}
  .button{display:block;width:100%;border:0;border-radius:10px;padding:.9rem 1rem;font-size:1rem;font-weight:700;cursor:pointer;font-family:inherit}
  .pay{background:#4f46e5;color:#fff;margin-top:1rem}
  .pay:hover{background:#4338ca}
  .cancel{background:#eef0f6;color:#2d3248;margin-top:.75rem}
  .cancel:hover{background:#e2e5ef}
  dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem;margin:0}
  dt{color:#5b6075}
  dd{margin:0;word-break:break-all}
  table{width:100%;border-collapse:collapse;font-size:.88rem}
  th,td{text-align:left;padding:.45rem .4rem;border-bottom:1px solid #eceef4;vertical-align:top}
  .row{display:flex;flex-wrap:wrap;gap:.5rem}
  .row form{flex:1 1 140px}
  a{color:#4f46e5}
`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style>${STYLE}</style></head><body><div class="banner" role="note">テスト決済 — ローカルの決済シミュレーターです（実際の請求は発生しません）</div><main>${body}</main></body></html>`;
}

/** The hosted checkout page of one session (undefined: no such session). */
export function checkoutPage(
  session: Record<string, unknown> | undefined,
  customer: Record<string, unknown> | undefined,
): string {
  if (!session)
    return layout(
      'テスト決済',
      `<div class="card"><h1>決済ページが見つかりません</h1><p class="muted">URL が正しいか確かめてください。</p></div>`,
    );
  const amount = yen(session.amount_total, session.currency);
  if (session.status === 'expired') {
    const back = String(session.cancel_url ?? session.success_url ?? '');
    return layout(
      'テスト決済',
      `<div class="card"><span class="tag">テスト決済</span><h1>この決済ページは有効期限が切れています</h1><p class="muted">お支払いは行われていません。</p><p><a href="${escape(back)}">サービスに戻る</a></p></div>`,
    );
  }
  if (session.status !== 'open') {
    const back = String(session.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', String(session.id));
    return layout(
      'テスト決済',
      `<div class="card"><span class="tag">テスト決済</span><h1>この決済は完了しています</h1><p><a href="${escape(back)}">サービスに戻る</a></p></div>`,
    );
  }
  return layout(
    'テスト決済 — アドバンスド会員',
    `<div class="grid">
      <section class="card" aria-labelledby="plan">
        <span class="tag">テスト決済</span>
        <h1 id="plan">アドバンスド会員</h1>
        <p class="price">${amount}<small> / 月（税込）</small></p>
        <p class="muted">毎月自動で更新されます。いつでも解約できます。</p>
        <dl>
          <dt>お申し込み</dt><dd>${escape(customer?.email ?? customer?.name ?? '—')}</dd>
          <dt>本日のお支払い</dt><dd>${amount}</dd>
        </dl>
      </section>
      <section class="card" aria-labelledby="pay">
        <h2 id="pay">お支払い</h2>
        <div class="notice">これはテスト用の決済画面です。カード情報の入力は不要で、実際の請求は行われません。「支払う」を押すと支払い済みとして処理されます。</div>
        <form method="post" action="/checkout/${escape(session.id)}/pay">
          <button class="button pay" type="submit">${amount} を支払う（テスト）</button>
        </form>
        <form method="post" action="/checkout/${escape(session.id)}/cancel">
          <button class="button cancel" type="submit">キャンセルして戻る</button>
        </form>
        <p class="muted" style="margin-top:1rem">テストクロックなどは <a href="/">シミュレーターのページ</a> にあります。</p>
      </section>
    </div>`,
  );
}

export interface DashboardState {
  now: number;
  offsetSeconds: number;
  subscriptions: {
    id: string;
    customer: Record<string, unknown> | undefined;
    status: string;
    cancelAtPeriodEnd: boolean;
    periodEnd: number;
  }[];
  deliveries: { type: string; attempts: number; delivered: boolean; lastStatus?: number | string }[];
}

const STATUS_LABELS: Record<string, string> = {
  active: '有効',
  trialing: 'トライアル',
  past_due: '支払い遅延',
  canceled: '終了',
};

/** The simulator's page: the test clock's buttons, subscriptions and recent webhook deliveries. */
export function dashboardPage(state: DashboardState): string {
  const clockButton = (seconds: number, label: string, renewal = 'pay') =>
    `<form method="post" action="/_simulator/advance-clock"><input type="hidden" name="seconds" value="${seconds}"><input type="hidden" name="renewal" value="${renewal}"><button class="button ${renewal === 'pay' ? 'pay' : 'cancel'}" type="submit">${escape(label)}</button></form>`;
  const rows = state.subscriptions.length
    ? state.subscriptions
        .map(
          (subscription) =>
            `<tr><td>${escape(subscription.customer?.email ?? subscription.customer?.name ?? subscription.id)}<br><span class="muted">${escape(subscription.id)}</span></td><td>${escape(STATUS_LABELS[subscription.status] ?? subscription.status)}${subscription.cancelAtPeriodEnd && subscription.status !== 'canceled' ? '（期間末で解約）' : ''}</td><td>${dateTime(subscription.periodEnd)}</td></tr>`,
        )
        .join('')
    : '<tr><td colspan="3" class="muted">まだ定期購入はありません。</td></tr>';
  const deliveries = state.deliveries.length
    ? state.deliveries
        .map(
          (delivery) =>
            `<tr><td>${escape(delivery.type)}</td><td>${delivery.delivered ? '配信済み' : '再送待ち'}（${delivery.attempts} 回, ${escape(delivery.lastStatus ?? '—')}）</td></tr>`,
        )
        .join('')
    : '<tr><td colspan="2" class="muted">まだイベントはありません。</td></tr>';
  return layout(
    '決済シミュレーター',
    `<div class="grid">
      <section class="card" aria-labelledby="clock">
        <h1 id="clock">テストクロック</h1>
        <p>シミュレーターの現在時刻: <strong>${dateTime(state.now)}</strong><br><span class="muted">実時間から ${Math.round(state.offsetSeconds / 86400)} 日進んでいます</span></p>
        <div class="row">${clockButton(86_400, '1日進める')}${clockButton(32 * 86_400, '32日進める（更新・期間終了）')}</div>
        ${clockButton(32 * 86_400, '32日進める（更新の支払いを失敗させる）', 'fail')}
      </section>
      <section class="card" aria-labelledby="subs">
        <h2 id="subs">定期購入</h2>
        <table><thead><tr><th>顧客</th><th>状態</th><th>期間終了</th></tr></thead><tbody>${rows}</tbody></table>
      </section>
      <section class="card" aria-labelledby="events" style="grid-column:1/-1">
        <h2 id="events">Webhook 配信（新しい順）</h2>
        <table><thead><tr><th>イベント</th><th>配信</th></tr></thead><tbody>${deliveries}</tbody></table>
      </section>
    </div>`,
  );
}
