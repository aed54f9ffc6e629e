import { Check, Minus } from 'lucide-react';
import { LIMITS } from '@shared/constants';
import { MEMBERSHIP } from '@shared/membership';

type Cell = string | boolean;

/** What each plan gives (docs/spec/core-platform.md §6, docs/spec/multiplayer-membership-study.md §6 and §9). */
const ROWS: readonly { feature: string; free: Cell; pro: Cell }[] = [
  { feature: '月額料金', free: '無料', pro: `${MEMBERSHIP.priceYen}円（税込）` },
  {
    feature: 'クイズ作成数',
    free: `${LIMITS.quizzesFree}件まで`,
    pro: `${LIMITS.quizzesWithMembership}件まで`,
  },
  { feature: '非公開クイズ', free: false, pro: true },
  {
    feature: 'AIクイズ生成',
    free: `1日${LIMITS.aiGenerationsPerDayFree}回`,
    pro: `1日${LIMITS.aiGenerationsPerDayWithMembership}回`,
  },
  { feature: '集中学習（AIによる問題演習）', free: false, pro: true },
  { feature: '今後追加される限定機能', free: false, pro: true },
];

function Value({ value }: { value: Cell }) {
  if (value === true)
    return (
      <span className="plan-table__yes">
        <Check size={18} aria-hidden />
        <span className="visually-hidden">あり</span>
      </span>
    );
  if (value === false)
    return (
      <span className="plan-table__no">
        <Minus size={18} aria-hidden />
        <span className="visually-hidden">なし</span>
      </span>
    );
  return <>{value}</>;
}

/** The plan comparison table of the membership page. */
export function PlanComparison() {
  return (
    <table className="plan-table">
      <caption className="visually-hidden">無料会員とアドバンスド会員の比較</caption>
      <thead>
        <tr>
          <th scope="col">機能</th>
          <th scope="col">無料会員</th>
          <th scope="col" className="plan-table__pro">
            アドバンスド会員
          </th>
        </tr>
      </thead>
      <tbody>
        {ROWS.map((row) => (
          <tr key={row.feature}>
            <th scope="row">{row.feature}</th>
            <td>
              <Value value={row.free} />
            </td>
            <td className="plan-table__pro">
              <Value value={row.pro} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
