/**
 * The accounts' Japanese messages (docs/spec/core-platform.md §5 "Accounts"), apart from their
 * schemas in `shared/accounts.ts`: every function checks the caller's account, and these words may
 * not bring the account forms' schemas into each cold start (docs/decisions.md, "Issue 28: a cold
 * start loads its own route").
 */
export const ACCOUNT_MESSAGES = {
  loginRequired: 'ユーザー名とパスワードを入力してください',
  usernameRequired: 'ユーザー名を入力してください',
  passwordRequired: 'パスワードを入力してください',
  registerRequired: 'ユーザー名、ニックネーム、メールアドレス、パスワードを入力してください',
  emailInvalid: '有効なメールアドレスを入力してください',
  emailRequired: 'メールアドレスを入力してください',
  tokenRequired: 'トークンが必要です',
  usernameMin: 'ユーザー名は3文字以上で入力してください',
  usernameMax: 'ユーザー名は30文字以内で入力してください',
  usernameChars: 'ユーザー名に空白や制御文字、見えない文字は使用できません',
  nicknameRequired: 'ニックネームを入力してください',
  nicknameMax: 'ニックネームは20文字以内で入力してください',
  nicknameChars: 'ニックネームに見えない文字は使用できません',
  nameReserved: 'この名前は公式アカウントと紛らわしいため使用できません',
  passwordMin: 'パスワードは8文字以上で入力してください',
  passwordMax: 'パスワードは128文字以内で入力してください',
  passwordUpper: '大文字を1文字以上含めてください',
  passwordLower: '小文字を1文字以上含めてください',
  passwordDigit: '数字を1文字以上含めてください',
  passwordSymbol: '記号を1文字以上含めてください',
  passwordMismatch: 'パスワードが一致しません',
  resetTokenMissing: 'リセットトークンが見つかりません',
  resetAllRequired: 'すべての項目を入力してください',
  // Server answers
  loginFailed: 'ユーザー名またはパスワードが正しくありません',
  loginLocked:
    'ログイン試行回数が上限に達したため、ログインが一時的にロックされています。しばらくしてから再度お試しください。',
  accountStopped: 'このアカウントは管理者により停止されています',
  accountInactive: 'このアカウントは無効になっています',
  usernameTaken: 'このユーザー名は既に使用されています',
  emailTaken: 'このメールアドレスは既に登録されています',
  adminVerificationSent: '確認メールを送信しました。メール内のリンクを開いてログインを完了してください。',
  loggedIn: 'ログインしました',
  registered: 'アカウントを作成しました',
  loggedOut: 'ログアウトしました',
  emailRegistrationSent: '確認メールを送信しました。メール内のリンクから登録を続けてください。',
  tokenInvalid: 'リンクが無効か、有効期限が切れています',
  passwordResetSent: 'パスワード再設定の案内をお送りしました。メールをご確認ください。',
  passwordResetDone: 'パスワードを変更しました。新しいパスワードでログインしてください。',
  adminTokenInvalid: '認証に失敗しました',
  adminTokenMissing: '認証トークンが見つかりません。',
  registrationDone: '登録が完了しました',
  wrongPassword: 'パスワードが正しくありません',
  accountDeleted: 'アカウントを削除しました',
  mailFailed: 'メール送信に失敗しました',
  adminEmailMissing: '管理者アカウントにメールアドレスが登録されていないため、ログインできません',
} as const;
