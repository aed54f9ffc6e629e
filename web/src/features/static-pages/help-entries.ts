import { LIMITS } from '@shared/constants';
import { ROOM_LIMITS } from '@shared/multiplayer';
import { PERFECT_BONUS, POINTS_PER_CORRECT } from '@shared/learning';
import { paths } from '@web/config/paths';
import { formatNumber } from '@web/lib/format-number';

/** The help centre's categories (docs/spec/multiplayer-membership-study.md §2), in the order they are shown. */
export const HELP_CATEGORIES = [
  '基本的な使い方',
  'アカウント・登録',
  'クイズ作成',
  'プラン・課金',
  '安全・報告',
] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

export interface HelpEntry {
  id: string;
  category: HelpCategory;
  question: string;
  /** Paragraphs of plain text (searched as written). */
  answer: string[];
  /** Where to go next. */
  links?: { to: string; label: string }[];
}

/** The help centre's eight articles: what the product really does, step by step. */
export const HELP_ENTRIES: HelpEntry[] = [
  {
    id: 'help-play',
    category: '基本的な使い方',
    question: 'クイズの遊び方',
    answer: [
      'ホームの「新着クイズ」や「クイズを探す」の検索からクイズを選び、「プレイ」を押します。説明と問題数、制限時間を確かめて「スタート」を押すと始まります。「ランダム」を選ぶと、問題の順番が毎回変わります。',
      '選択肢はタップのほか、キーボードの 1〜4 または A〜D でも選べます。答えるとすぐに正解と解説が表示されます。制限時間になると自動で終了し、答えていない問題は不正解として数えます。',
      'ログインしていると結果が保存され、マイページで正答率や間違えた問題を振り返れます。結果画面では問題ごとの答え合わせと、間違えた問題だけの再挑戦ができます。',
    ],
  },
  {
    id: 'help-multiplayer',
    category: '基本的な使い方',
    question: 'マルチプレイで友だちと遊ぶには',
    answer: [
      'ログインしてメニューの「マルチプレイ」を開き、クイズを選んでルームを作成します。2〜8人で遊べ、1問あたりの回答時間は15〜60秒から選べます。パスワードを設定すると、知っている人だけが参加できます。',
      '友だちには6文字のルームコードか、「招待リンクをコピー」ボタンでコピーした招待リンクを送ります。参加者全員が「準備完了」にすると、3秒のカウントダウンのあとに始まります。',
      'クイズのページや、クイズカードの「その他の操作」メニューにある「みんなで遊ぶ」からも、そのクイズでルームを作れます。対戦に使えるのは公開中のクイズだけです。',
      `対戦のスコアは、その対戦の中だけの得点です。正解すると1問につき${formatNumber(ROOM_LIMITS.maxQuestionScore / 2)}〜${formatNumber(ROOM_LIMITS.maxQuestionScore)}点が入り、早く答えるほど高くなります。マイページの学習ポイントはこれとは別のもので、クイズを解くたびに正解1問につき${POINTS_PER_CORRECT}ポイント（全問正解でさらに${PERFECT_BONUS}ポイント）がたまります。マルチプレイで解いた分も学習ポイントに加わります。`,
    ],
    links: [{ to: paths.multiplayer, label: 'マルチプレイを開く' }],
  },
  {
    id: 'help-register',
    category: 'アカウント・登録',
    question: 'アカウントの作り方',
    answer: [
      'ログイン画面の「アカウントをお持ちでない方は新規登録」から、ユーザー名（3文字以上）、ニックネーム、メールアドレス、パスワードを入力して登録します。パスワードは8文字以上で、大文字・小文字・数字・記号をそれぞれ1文字以上含めてください。',
      'メールアドレスの確認から始めることもできます。届いたメールのリンク（24時間有効）を開き、ユーザー名とパスワードを決めると登録が完了します。ユーザー名とメールアドレスは後から変更できませんが、ニックネームはいつでも変更できます。',
    ],
    links: [{ to: paths.register, label: '新規登録へ' }],
  },
  {
    id: 'help-password',
    category: 'アカウント・登録',
    question: 'パスワードを忘れた・ログインできないとき',
    answer: [
      'ログイン画面の「パスワードをお忘れの方」に登録したメールアドレスを入力すると、パスワード再設定のメールが届きます。メールのリンクを開き、新しいパスワードを設定してください。',
      `同じユーザー名で${LIMITS.loginFailuresBeforeLock}回続けてログインに失敗すると、しばらくの間ログインが制限されます。時間をおいてから、もう一度お試しください。「このアカウントは管理者により停止されています」と表示される場合は、ガイドライン違反によりアカウントが停止されています。`,
    ],
  },
  {
    id: 'help-create',
    category: 'クイズ作成',
    question: 'クイズを作る・編集する',
    answer: [
      'メニューの「マイクイズ」で「クイズを作成」を押し、タイトル、カテゴリ、説明、難易度、公開設定と問題を入力します。1問ごとに問題文と選択肢A・Bが必要で、選択肢C・Dと解説は任意です。',
      `作成できるクイズは、無料会員は${LIMITS.quizzesFree}件まで、アドバンスド会員は${LIMITS.quizzesWithMembership}件までです。作ったクイズはマイクイズから編集・削除でき、編集では制限時間（1〜60分）も変えられます。削除すると、そのクイズの受験記録やお気に入りも消え、元に戻せません。`,
    ],
    links: [{ to: paths.myQuizzes, label: 'マイクイズを開く' }],
  },
  {
    id: 'help-ai',
    category: 'クイズ作成',
    question: 'AIでクイズを作る',
    answer: [
      '作成画面の「AIで生成」タブで、問題数（1〜20問）、難易度、カテゴリを選び、10文字以上の文章を貼り付けるか、PDF・Word（.doc、.docx、10MBまで）のファイルをアップロードします。画像だけのPDFやスキャンしたPDFからは文章を読み取れません。',
      `AI生成は、無料会員は1日${LIMITS.aiGenerationsPerDayFree}回、アドバンスド会員は1日${LIMITS.aiGenerationsPerDayWithMembership}回まで使え、毎日0時（日本時間）に回数が戻ります。生成に失敗したときは回数を消費しません。生成されたクイズは下書きなので、内容を確かめてから保存してください。`,
    ],
  },
  {
    id: 'help-advanced',
    category: 'プラン・課金',
    question: 'アドバンスド会員の料金と解約',
    answer: [
      `アドバンスド会員は月額500円（税込）です。クイズを${LIMITS.quizzesWithMembership}件まで作成でき、非公開クイズ、1日${LIMITS.aiGenerationsPerDayWithMembership}回のAI生成、集中学習が使えます。お支払いはクレジットカード（Visa、MasterCard、American Express、JCB）で、毎月自動で更新されます。`,
      '解約は会員ページからいつでもできます。解約しても、お支払い済みの期間の終わりまでは機能を使えます。日割りでの返金はありません。',
    ],
    links: [
      { to: paths.membership, label: '会員ページへ' },
      { to: paths.tokushoho, label: '特定商取引法に基づく表記' },
    ],
  },
  {
    id: 'help-report',
    category: '安全・報告',
    question: '不適切なクイズを報告する',
    answer: [
      'クイズカードの「︙」（その他の操作）から「報告する」を選び、理由を選んで送信します。詳しい状況を書き添えると、確認がスムーズになります。報告にはログインが必要です。',
      '報告は運営が確認し、ガイドラインに反する場合はクイズの非表示やアカウントの停止などの措置をとります。報告した人の名前が作成者に伝わることはありません。',
    ],
    links: [{ to: paths.guidelines, label: 'コンテンツガイドライン' }],
  },
];

/** Everything of an entry that search looks at. */
export const helpEntryText = (entry: HelpEntry) =>
  [entry.category, entry.question, ...entry.answer].join('\n');
