/**
 * Japanese messages. Strings quoted by the specification are kept verbatim; the rest are
 * written in the same voice. Server and web import the same constants.
 */
export const MESSAGES = {
  // Shared request behaviour and generic server answers
  loginRequired: 'ログインが必要です',
  forbidden: 'この操作を行う権限がありません',
  membershipRequired: 'アドバンスド会員限定の機能です。アップグレードするとご利用いただけます。',
  csrfRejected: 'リクエストを確認できませんでした。ページを再読み込みしてもう一度お試しください。',
  notFound: 'お探しのデータが見つかりません',
  invalidInput: '入力内容に誤りがあります',
  invalidJson: 'リクエストの形式が正しくありません',
  /** A string of the request that is not well-formed Unicode (a lone surrogate, `"\ud800"`). */
  malformedText: '文字として読み取れない値が含まれています',
  payloadTooLarge: 'リクエストのサイズが大きすぎます',
  tooManyRequests: 'リクエストが多すぎます。しばらくしてからもう一度お試しください。',
  busy: '他の操作と重なりました。もう一度お試しください',
  serverError: 'サーバーエラーが発生しました。しばらくしてからもう一度お試しください。',
  /** A service the call needs (database, storage, mail, queue) is busy or unreachable for now. */
  serviceUnavailable: 'ただいまサービスに接続できません。しばらくしてからもう一度お試しください。',
  /** The call ran out of time: it may or may not have been carried out. */
  timedOut: '処理に時間がかかりすぎました。結果を確かめてから、必要ならもう一度お試しください。',
  accountStopped: 'このアカウントは管理者により停止されています',
  accountInactive: 'このアカウントは無効になっています',
  // Categories
  categoriesLoadFailed: 'カテゴリの取得に失敗しました',
  // Realtime
  unknownMessage: '不明なメッセージです',
  // Toast title
  errorTitle: 'エラー',
} as const;
