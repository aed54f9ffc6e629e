import { useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router-dom';
import { LIMITS } from '@shared/constants';
import { paths } from '@web/config/paths';
import { usePageTitle } from '@web/lib/page-title';
import { ContactLink } from '@web/components/contact-link';
import { RelatedPages } from './static-page';
import '../static-pages.css';

const FAQ: { question: string; answer: React.ReactNode }[] = [
  {
    question: '無料で使えますか？',
    answer: `はい。クイズで遊ぶ、クイズを作る（${LIMITS.quizzesFree}件まで）、AIでクイズを作る（1日${LIMITS.aiGenerationsPerDayFree}回まで）、マルチプレイなど、ほとんどの機能を無料でお使いいただけます。もっと使いたい方には月額500円（税込）のアドバンスド会員があります。`,
  },
  {
    question: 'ログインしなくても遊べますか？',
    answer:
      'はい。ホームのクイズはログインせずにプレイできます。ただし結果は保存されず、評価やお気に入り、マルチプレイ、クイズの作成にはログインが必要です。',
  },
  {
    question: '作れるクイズの数に上限はありますか？',
    answer: `無料会員は${LIMITS.quizzesFree}件、アドバンスド会員は${LIMITS.quizzesWithMembership}件までです。上限に達したら、不要なクイズを削除すると新しく作れるようになります。1つのクイズには${LIMITS.questionsPerQuizMax}問まで入れられます。`,
  },
  {
    question: 'AIでのクイズ作成は1日に何回使えますか？',
    answer: `無料会員は1日${LIMITS.aiGenerationsPerDayFree}回、アドバンスド会員は1日${LIMITS.aiGenerationsPerDayWithMembership}回までです。回数は毎日0時（日本時間）にリセットされます。生成に失敗した場合、回数は減りません。`,
  },
  {
    question: '自分だけが見られる非公開のクイズは作れますか？',
    answer: '非公開のクイズはアドバンスド会員の機能です。無料会員のクイズはすべて公開され、誰でも遊べます。',
  },
  {
    question: '公開したクイズを後から直したり削除したりできますか？',
    answer:
      'はい。マイクイズの「編集」から、問題や選択肢、制限時間などを変更できます。「削除」すると、そのクイズの受験記録やお気に入りも一緒に削除され、元に戻せません。',
  },
  {
    question: '制限時間内に終わらなかったらどうなりますか？',
    answer:
      '時間切れになると、その時点でクイズが終わり、結果画面に「時間切れ」と表示されます。答えていない問題は不正解として数えます。',
  },
  {
    question: 'ユーザー名やメールアドレスは変更できますか？',
    answer: `ユーザー名とメールアドレスは変更できません。ニックネーム（${LIMITS.nicknameMaxLength}文字まで）は、マイページやアカウント設定からいつでも変更できます。`,
  },
  {
    question: 'アドバンスド会員を解約するとどうなりますか？',
    answer: (
      <>
        お支払い済みの期間が終わるまでは、これまでどおり使えます。期間が終わると無料会員に戻り、日割りでの返金はありません。作成済みのクイズは残りますが、
        {LIMITS.quizzesFree}
        件を超えている間は新しいクイズを作れません。詳しくは
        <Link to={paths.tokushoho}>特定商取引法に基づく表記</Link>をご覧ください。
      </>
    ),
  },
  {
    question: 'アカウントを削除すると、データはどうなりますか？',
    answer:
      'アカウント情報、作成したクイズ、受験記録、お気に入りがすべて削除され、元に戻すことはできません。削除はアカウント設定の「危険な操作」から、パスワードを入力して行います。',
  },
  {
    question: '間違ったクイズや不適切なクイズを見つけました。',
    answer: (
      <>
        クイズカードの「︙」メニューから「報告する」を選んで、運営にお知らせください。内容の誤りも報告できます。運営の判断に異議がある場合は、
        <ContactLink />
        からご連絡ください。
      </>
    ),
  },
  {
    question: 'スマートフォンでも使えますか？',
    answer:
      'はい。スマートフォンやタブレットのブラウザ（最新版のChrome、Safariなど）でお使いいただけます。アプリのインストールは必要ありません。',
  },
];

/**
 * '/faq': twelve questions in an accordion (WAI-ARIA pattern: each question is a button in a
 * heading that shows or hides its answer, announced as expanded or collapsed).
 */
export function FaqPage() {
  usePageTitle('よくある質問');
  const [open, setOpen] = useState<Set<number>>(new Set());
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  return (
    <article className="container page static-page" aria-labelledby="faq-title">
      <header className="static-page__header">
        <h1 id="faq-title" className="page__title">
          よくある質問
        </h1>
        <p className="static-page__lead">
          みなさまからよくいただく質問をまとめました。質問を押すと答えが開きます。操作の手順は
          <Link to={paths.help}>ヘルプセンター</Link>にもあります。
        </p>
      </header>
      <div className="accordion card">
        {FAQ.map((item, index) => {
          const expanded = open.has(index);
          return (
            <div key={item.question} className="accordion__item">
              <h2 className="accordion__heading">
                <button
                  type="button"
                  id={`faq-${index}-button`}
                  className="accordion__button"
                  aria-expanded={expanded}
                  aria-controls={`faq-${index}-answer`}
                  onClick={() => toggle(index)}
                >
                  <span>{item.question}</span>
                  <ChevronDown size={20} aria-hidden className="accordion__icon" />
                </button>
              </h2>
              <div
                id={`faq-${index}-answer`}
                role="region"
                aria-labelledby={`faq-${index}-button`}
                className="accordion__panel"
                hidden={!expanded}
              >
                <p>{item.answer}</p>
              </div>
            </div>
          );
        })}
      </div>
      <RelatedPages />
    </article>
  );
}
