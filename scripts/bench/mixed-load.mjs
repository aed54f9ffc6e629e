// The mixed load of `npm run bench -- load`, in a process of its own so the load generator does
// not share the local gateway's event loop. autocannon runs `connections` clients for `seconds`,
// each a signed-in member (its own session cookie). With `calls: 'pages'` each goes round the
// pages' calls: home, search, quiz read, an answer checked, attempt; with `calls: 'sign-in'` each
// signs in over and over (the password hash alone, apart from the pages' calls). With
// `perClientRate` each client is paced to that many requests a second instead of back to back. Reads its settings
// as JSON on stdin and prints {requests, seconds, p50, p99, non2xx, errors, timeouts, byKind} as JSON.
import autocannon from 'autocannon';

const settings = JSON.parse(
  await new Promise((resolve) => {
    let input = '';
    process.stdin.on('data', (chunk) => (input += chunk));
    process.stdin.on('end', () => resolve(input));
  }),
);
const { url, origin, connections, seconds, members, quizzes, searches, calls, perClientRate } = settings;

const byKind = {};
const latencies = {};
const count = (kind, status, ms) => {
  const entry = (byKind[kind] ??= { requests: 0, non2xx: 0, statuses: {} });
  entry.requests += 1;
  (latencies[kind] ??= []).push(ms);
  if (status < 200 || status >= 300) {
    entry.non2xx += 1;
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
  }
};

let nextMember = 0;
/** The member a connection plays, fixed at its first request; a round counter for the quiz and search. */
function member(context) {
  if (context.member === undefined) {
    context.member = members[nextMember++ % members.length];
    context.round = nextMember;
  }
  return context.member;
}

const headersOf = (who, withSession = true) => ({
  origin,
  cookie: withSession ? `sid=${who.sessionId}; csrf_token=${who.csrfToken}` : `csrf_token=${who.csrfToken}`,
  'x-csrf-token': who.csrfToken,
});

const step = (kind, build) => ({
  setupRequest: (request, context) => {
    const who = member(context);
    context.sentAt = performance.now();
    return { ...request, ...build(who, context) };
  },
  onResponse: (status, _body, context) => count(kind, status, performance.now() - context.sentAt),
});

const quizOf = (context) => quizzes[context.round % quizzes.length];

const get = (kind, path) =>
  step(kind, (who, context) => ({ method: 'GET', path: path(context), headers: headersOf(who) }));

const home = [
  get('home', () => '/api/quizzes'),
  get('home', () => '/api/quizzes/featured'),
  get('home', () => '/api/categories'),
];
const search = get(
  'search',
  (context) => `/api/quizzes/search?q=${encodeURIComponent(searches[context.round % searches.length])}`,
);
const read = get('quiz read', (context) => `/api/quizzes/${quizOf(context).id}`);
// The play page checks each answer as it is given (the quiz read carries no answer key).
const check = step('answer check', (who, context) => {
  const quiz = quizOf(context);
  const questionIds = Object.keys(quiz.answers);
  return {
    method: 'POST',
    path: `/api/quizzes/${quiz.id}/check`,
    headers: { ...headersOf(who), 'content-type': 'application/json' },
    body: JSON.stringify({ questionId: questionIds[context.round % questionIds.length], answer: 'A' }),
  };
});
const attempt = step('attempt', (who, context) => {
  const quiz = quizOf(context);
  context.round += 1;
  return {
    method: 'POST',
    path: `/api/quizzes/${quiz.id}/attempt`,
    headers: { ...headersOf(who), 'content-type': 'application/json' },
    body: JSON.stringify({ score: 0, totalQuestions: quiz.answers.length, answers: quiz.answers }),
  };
});
// Signing in hashes the password (scrypt, on purpose costly): without the session cookie, so the
// member's session stays the one the pages' calls use.
const login = step('sign-in', (who) => ({
  method: 'POST',
  path: '/api/auth/login',
  headers: { ...headersOf(who, false), 'content-type': 'application/json' },
  body: JSON.stringify({ username: who.username, password: who.password }),
}));

const requests = calls === 'sign-in' ? [login] : [...home, search, read, check, attempt];

const result = await autocannon({
  url,
  connections,
  duration: seconds,
  // Paced: each client sends at most this many requests a second (a person reading and answering).
  ...(perClientRate ? { connectionRate: perClientRate } : {}),
  requests,
  // A request the stack does not answer in 20 s counts as a timeout.
  timeout: 20,
});
// Each kind's own p50 / p99 (from when its request was built to its answer): which call the
// overall p99 comes from.
const percentile = (sorted, p) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]);
for (const [kind, values] of Object.entries(latencies)) {
  values.sort((a, b) => a - b);
  Object.assign(byKind[kind], { p50: percentile(values, 0.5), p99: percentile(values, 0.99) });
}
process.stdout.write(
  JSON.stringify({
    requests: result.requests.total,
    seconds,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    byKind,
  }),
);
