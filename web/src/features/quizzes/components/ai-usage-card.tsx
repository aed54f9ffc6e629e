import { Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { LIMITS } from '@shared/constants';
import { paths } from '@web/config/paths';
import type { useAiUsage } from '@web/lib/api/get-ai-usage';

/** Today's remaining generations and when they come back (00:00 Japan time); the way to more for free members. */
export function AiUsageCard({ usage, isPro }: { usage: ReturnType<typeof useAiUsage>; isPro: boolean }) {
  const exhausted = usage.data?.canUse === false;
  return (
    <div className={`ai-usage${exhausted ? ' is-full' : ''}`} role="status">
      <Sparkles size={20} aria-hidden className="ai-usage__icon" />
      {usage.isPending ? (
        <p>AIの使用状況を確認しています...</p>
      ) : usage.isError ? (
        <p>AIの使用状況を取得できませんでした。</p>
      ) : (
        <div>
          <p className="ai-usage__count">
            本日の残り回数: {usage.data.remaining} / {usage.data.total}回
          </p>
          <p className="ai-usage__note">
            {exhausted ? '本日の上限に達しました。' : ''}
            <time dateTime={usage.data.resetAt}>明日 0:00（日本時間）</time>
            {exhausted ? 'にリセットされます。' : 'に回数がリセットされます。'}
          </p>
          {exhausted && !isPro && (
            <p className="ai-usage__note">
              <Link to={paths.membership}>アドバンスド会員</Link>なら1日
              {LIMITS.aiGenerationsPerDayWithMembership}
              回まで使えます。
            </p>
          )}
        </div>
      )}
    </div>
  );
}
