/**
 * The WebSocket protocol's words and limits (docs/multiplayer.md, docs/classroom.md), apart from
 * its schemas: the rooms' and class games' limits, Japanese messages, stable `error.reason`
 * tokens, the rooms' categories and the points an answer scores. Every function loads
 * `shared/api.ts` (the error reasons) and every socket function the messages; kept beside the
 * schemas, they brought every schema into each cold start (docs/decisions.md, "Issue 28: a cold
 * start loads its own route"). `shared/multiplayer.ts` and `shared/classroom.ts` export them again
 * under the same names, with their schemas (the client frames' schemas are in
 * `shared/socket-requests.ts`).
 */

/** Stable `error.reason` tokens of the rooms' socket (the issue's list, then ours). */
export const MULTIPLAYER_ERROR_REASONS = [
  'password_required',
  'wrong_password',
  'room_full',
  'in_game',
  'not_found',
  'not_host',
  'invalid',
  'not_in_room',
  'too_late',
  'already_answered',
  'rate_limited',
  'busy',
] as const;

/** The reasons a `join_class` is refused with: they end a join (a player's form shows them). */
export const CLASS_JOIN_REFUSALS = [
  'not_found',
  'class_full',
  'nickname_taken',
  'invalid',
  'locked',
  'in_game',
  'rate_limited',
] as const;

/** Stable `error.reason` tokens of class games (the list, then those shared with rooms). */
export const CLASSROOM_ERROR_REASONS = [
  ...CLASS_JOIN_REFUSALS,
  'not_host',
  'not_in_game',
  'too_late',
  'already_answered',
  'busy',
] as const;
export type ClassroomErrorReason = (typeof CLASSROOM_ERROR_REASONS)[number];

/** Room constants (docs/spec/multiplayer-membership-study.md §5, §9). Where the spec gives two readings, the first screen's is taken (docs/multiplayer.md). */
export const ROOM_LIMITS = {
  codeLength: 6,
  /** A–Z and 2–9 without the look-alikes I, L, O, 0 and 1. */
  codeAlphabet: 'ABCDEFGHJKMNPQRSTUVWXYZ23456789',
  passwordMax: 32,
  playersMin: 2,
  playersMax: 8,
  playersDefault: 4,
  secondsMin: 15,
  secondsMax: 60,
  secondsStep: 5,
  secondsDefault: 30,
  countdownSeconds: 3,
  /** How long the per-question results stay before the next question. */
  revealSeconds: 5,
  /** How long the podium stays before the room returns to waiting. */
  finishedSeconds: 10,
  chatMax: 200,
  /** Chat messages a member may send in any 10 seconds. */
  chatPerTenSeconds: 8,
  /** A disconnected player's seat, score and answers are kept this long. */
  rejoinSeconds: 60,
  /**
   * How long an open question waits for a player whose socket dropped without answering (a reload
   * takes a few seconds) once everyone connected has answered; then it ends without them.
   */
  dropGraceSeconds: 10,
  /** Highest score for one question: a correct answer at once; half of it at the deadline. */
  maxQuestionScore: 1000,
  roomsRefetchMs: 5000,
  reconnectAfterMs: 2000,
  /** Rooms the active-rooms list shows at most. */
  listedRooms: 50,
} as const;

export const MULTIPLAYER_MESSAGES = {
  roomCodeRequired: 'ルームコードを入力してください',
  connecting: '接続を確立中です。少しお待ちください',
  notConnected: 'サーバーに接続されていません',
  quizRequired: 'クイズを選択してください',
  hostOnlySettings: 'ルーム設定の変更はホストのみ可能です',
  wrongPassword: 'パスワードが正しくありません',
  passwordRequired: 'このルームはパスワードが必要です',
  passwordTooLong: 'パスワードは32文字以内で入力してください',
  roomCodeInvalid: 'ルームコードは6文字の英数字で入力してください',
  roomNotFound: 'ルームが見つかりません。コードを確認してください',
  roomFull: 'ルームが満員です',
  inGame: 'このルームはゲーム中のため参加できません',
  playersRange: '最大人数は2〜8人で選んでください',
  secondsRange: '回答時間は15〜60秒（5秒刻み）で選んでください',
  categoryInvalid: 'カテゴリを選択してください',
  quizNotFound: 'クイズが見つかりません',
  quizWithoutQuestions: 'このクイズには問題がありません',
  quizNotPublic: '対戦には公開中のクイズだけを使えます',
  notInRoom: 'ルームに参加していません',
  settingsDuringGame: 'ゲーム中は設定を変更できません',
  readyDuringGame: 'ゲーム中は準備状態を変更できません',
  fewerSeatsThanPlayers: '現在の参加人数より少ない最大人数にはできません',
  notAnswering: '今は回答を受け付けていません',
  tooLate: '回答時間が終了しました',
  alreadyAnswered: 'この問題にはすでに回答しています',
  answerInvalid: '回答はA〜Dから選んでください',
  chatEmpty: 'メッセージを入力してください',
  chatTooLong: 'メッセージは200文字以内で入力してください',
  chatTooFast: 'メッセージの送信が速すぎます。少し待ってから送信してください',
  joinTooFast: '参加の試行が多すぎます。しばらくしてからお試しください',
  createTooFast: 'ルームの作成が多すぎます。しばらくしてからお試しください',
  actionsTooFast: '操作が速すぎます。少し待ってからお試しください',
  socketTooFast: '送信が多すぎます。少し待ってから操作してください',
  socketClosedTooFast: '送信が多すぎるため接続を切断しました',
  busy: 'ルームが混み合っています。もう一度お試しください',
} as const;

export const CLASSROOM_LIMITS = {
  pinLength: 6,
  secondsMin: 10,
  secondsMax: 120,
  secondsStep: 5,
  secondsDefault: 20,
  playersMin: 2,
  playersMax: 100,
  playersDefault: 100,
  /** Games a member may host at once (live: not finished, not past its two hours). */
  liveGamesPerHost: 3,
  /** A game ends itself this long after it opened. */
  gameHours: 2,
  nicknameMax: 20,
  /**
   * Wrong PINs an address may try in a minute (PINs are guessed only by trying), and tries of any
   * kind a member may make: a whole class behind one school address joins with the right PIN.
   */
  joinTriesPerMinute: 20,
  /** `join_class` tries of any kind an address may make in a minute (a class of 100, each twice, and more). */
  joinsPerAddressPerMinute: 250,
  /** A socket without a session is closed this long after it opened unless it joined a game. */
  guestJoinSeconds: 30,
  /** A dropped player may come back with their resume token this long, in the lobby. */
  resumeSeconds: 60,
  /** `class_answer_count` frames a host is sent a second, at most. */
  answerCountsPerSecond: 4,
  /** Players shown after each question. */
  topCount: 5,
  podiumCount: 3,
  /** The host's list and results cover this many days; a game's records are deleted after them. */
  resultsDays: 90,
  /** Highest score for one question (as in rooms: 1,000 at once down to 500 at the deadline). */
  maxQuestionScore: 1000,
  /** Games a member may open in a minute. */
  createsPerMinute: 10,
  /** Host frames a member may send in any 10 seconds (a double click is two; a script is many). */
  hostActionsPerTenSeconds: 60,
  /** The host's list shows this many of their games at most, the newest. */
  hostGamesListed: 100,
} as const;

export const CLASSROOM_MESSAGES = {
  pinRequired: 'PINを入力してください',
  pinInvalid: 'PINは6桁の数字で入力してください',
  gameNotFound: 'このPINのゲームは見つかりません。PINを確認してください',
  classFull: 'このゲームは満員です',
  locked: 'このゲームは参加を締め切っています',
  inGame: 'このゲームはすでに始まっています',
  alreadySeated: 'この接続はすでに別のゲームに参加しています。退出してから参加してください',
  nicknameRequired: 'ニックネームを入力してください',
  nicknameTooLong: 'ニックネームは20文字以内で入力してください',
  nicknameChars: 'ニックネームに改行や制御文字、見えない文字は使用できません',
  nicknameTaken: 'このニックネームはすでに使われています。別の名前にしてください',
  joinTooFast: '参加の試行が多すぎます。1分ほど待ってからお試しください',
  notHost: 'この操作はホストだけができます',
  notJoined: 'ゲームに参加していません',
  notAnswering: '今は回答を受け付けていません',
  tooLate: '回答時間が終了しました',
  alreadyAnswered: 'この問題にはすでに回答しています',
  answerInvalid: '回答はA〜Dから選んでください',
  notStarted: 'ゲームはまだ始まっていません',
  alreadyStarted: 'ゲームはすでに始まっています',
  /** A host frame that lost to another (a second tab, a double click): the game already moved on. */
  alreadyMoved: 'ゲームはすでに先に進んでいます',
  /** `class_next` while the reveal is still being counted (before its `class_reveal`). */
  revealing: '答えを集計しています。結果が表示されてからお試しください',
  tooFewPlayers: '参加者がいないため開始できません',
  ended: 'ゲームは終了しました',
  kicked: 'ホストによってゲームから外されました',
  joinTimeout: 'PINの入力がなかったため接続を閉じました',
  guestOnlyJoin: 'この操作にはログインが必要です',
  busy: 'ゲームが混み合っています。もう一度お試しください',
  quizRequired: 'クイズを選択してください',
  quizNotFound: 'クイズが見つかりません',
  quizWithoutQuestions: 'このクイズには問題がありません',
  quizHidden: '管理者によって非表示にされたクイズはクラスで出題できません',
  secondsRange: '回答時間は10〜120秒（5秒刻み）で選んでください',
  playersRange: '最大人数は2〜100人で選んでください',
  tooManyGames: '同時に開けるクラスゲームは3つまでです。終わったゲームを終了してからお試しください',
  createTooFast: 'クラスゲームの作成が多すぎます。しばらくしてからお試しください',
  gameMissing: 'クラスゲームが見つかりません',
} as const;

/** Category choices of the create card (docs/spec/multiplayer-membership-study.md §2, §9); `all` is "すべて". */
export const MULTIPLAYER_CATEGORIES = [
  'all',
  '一般知識',
  '歴史',
  '科学',
  'スポーツ',
  'エンターテイメント',
  '地理',
  '資格',
] as const;
export type MultiplayerCategory = (typeof MULTIPLAYER_CATEGORIES)[number];

/**
 * Points for one answer: 0 when wrong or missing; when right, from 1000 at once down to 500 at the
 * deadline, linearly in the time taken (Kahoot's rule), rounded.
 */
export function questionScore(isCorrect: boolean, elapsedMs: number, timeLimitSeconds: number): number {
  if (!isCorrect) return 0;
  const share = Math.min(1, Math.max(0, elapsedMs / (timeLimitSeconds * 1000)));
  return Math.round(ROOM_LIMITS.maxQuestionScore * (1 - share / 2));
}
