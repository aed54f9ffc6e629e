import { useCallback, useEffect, useRef, useState } from 'react';
import { ArrowLeft, CheckCircle2, Clock, RotateCcw, Share2, Shuffle, Star, XCircle } from 'lucide-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ANSWER_LETTERS, UI, type AnswerLetter } from '@shared/constants';
import type { Question, QuizDetail } from '@shared/quizzes';
import { toast } from '@web/components/toast/toast-store';
import { paths } from '@web/config/paths';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { useFavorites } from '@web/features/quizzes/api/quizzes';
import { FavoriteButton } from '@web/features/quizzes/components/favorite-button';
import { CategoryBadge, DifficultyBadge } from '@web/features/quizzes/components/quiz-badges';
import { sendProgress, sendStudyRecord, useQuizForPlay, useRateAttempt, useSaveAttempt } from '../api/play';

type Phase = 'intro' | 'playing' | 'finished';
type Answer = AnswerLetter | '-';

const formatTime = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

const optionsOf = (question: Question) =>
  ANSWER_LETTERS.map((letter) => ({ letter, text: question[`option${letter}`] })).filter(
    (option): option is { letter: AnswerLetter; text: string } => Boolean(option.text),
  );

/** '/quiz/{id}': intro, questions with immediate feedback and a timer, then the result. */
export function QuizPlayPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const random = params.get('mode') === 'random' || params.get('random') === '1';
  const quiz = useQuizForPlay(id);
  const navigate = useNavigate();

  if (quiz.isPending) return <div className="page-loading" role="status" aria-label="読み込み中" />;
  if (quiz.isError) {
    return (
      <section className="container auth">
        <div className="card status-card status-card--error" role="alert">
          <h1 className="status-card__title">クイズの読み込みに失敗しました。</h1>
          <button type="button" className="button button--primary" onClick={() => void navigate(paths.home)}>
            終了する
          </button>
        </div>
      </section>
    );
  }
  return <Play key={`${id}-${random}`} quiz={quiz.data} random={random} />;
}

function Play({ quiz, random }: { quiz: QuizDetail; random: boolean }) {
  const { data: user } = useCurrentUser();
  const [phase, setPhase] = useState<Phase>('intro');
  const order = useCallback(
    () => (random ? shuffled(quiz.questions) : quiz.questions),
    [quiz.questions, random],
  );
  const [questions, setQuestions] = useState(order);
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [remaining, setRemaining] = useState(quiz.timeLimit * 60);

  const finish = useCallback(() => setPhase('finished'), []);
  // When the current question appeared, for the study record's time spent.
  const shownAt = useRef(Date.now());
  useEffect(() => {
    shownAt.current = Date.now();
  }, [index, phase]);

  // Counted from a fixed deadline: background tabs slow timers down, the clock does not.
  const deadline = useRef(0);
  useEffect(() => {
    if (phase !== 'playing') return;
    const tick = () => setRemaining(Math.max(0, Math.ceil((deadline.current - Date.now()) / 1000)));
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [phase]);

  useEffect(() => {
    if (phase === 'playing' && remaining === 0) {
      toast({ title: '時間切れです', description: '制限時間になったため、クイズを終了しました。' });
      finish();
    }
  }, [phase, remaining, finish]);

  const start = () => {
    // Each start (and each retry) draws a new random order.
    setQuestions(order());
    setIndex(0);
    setAnswers({});
    setRemaining(quiz.timeLimit * 60);
    deadline.current = Date.now() + quiz.timeLimit * 60_000;
    setPhase('playing');
  };

  if (phase === 'intro') return <Intro quiz={quiz} random={random} onStart={start} />;
  if (phase === 'finished')
    return (
      <Result quiz={quiz} questions={questions} answers={answers} signedIn={Boolean(user)} onRetry={start} />
    );

  const question = questions[index]!;
  const chosen = answers[question.id];
  const choose = (letter: AnswerLetter) => {
    if (chosen) return;
    const next = { ...answers, [question.id]: letter };
    setAnswers(next);
    if (user) {
      sendProgress(
        quiz.id,
        Object.fromEntries(questions.map((item, position) => [String(position), next[item.id] ?? '-'])),
      );
      sendStudyRecord({
        quizId: quiz.id,
        questionId: question.id,
        userAnswer: letter,
        correctAnswer: question.correctAnswer,
        isCorrect: letter === question.correctAnswer,
        timeSpent: Math.round((Date.now() - shownAt.current) / 1000),
      });
    }
  };
  const last = index === questions.length - 1;
  return (
    <QuestionView
      key={question.id}
      quiz={quiz}
      question={question}
      position={index}
      total={questions.length}
      remaining={remaining}
      chosen={chosen}
      onChoose={choose}
      last={last}
      onNext={() => (last ? finish() : setIndex(index + 1))}
    />
  );
}

function Intro({ quiz, random, onStart }: { quiz: QuizDetail; random: boolean; onStart: () => void }) {
  const navigate = useNavigate();
  const share = async () => {
    const url = window.location.href;
    try {
      if (navigator.share) await navigator.share({ title: quiz.title, url });
      else {
        await navigator.clipboard.writeText(url);
        toast({ title: 'リンクをコピーしました', variant: 'success' });
      }
    } catch {
      // The share sheet was dismissed.
    }
  };
  return (
    <section className="container play">
      <div className="card play-card">
        <div className="quiz-card__badges">
          <CategoryBadge category={quiz.category} />
          <DifficultyBadge difficulty={quiz.difficulty} />
          {random && (
            <span className="pill pill--category">
              <Shuffle size={12} aria-hidden /> ランダム出題
            </span>
          )}
        </div>
        <h1 className="play-card__title">{quiz.title}</h1>
        <p className="play-card__description">{quiz.description || '説明はありません'}</p>
        <dl className="play-card__facts">
          <div>
            <dt>問題数</dt>
            <dd>{quiz.questionCount}問</dd>
          </div>
          <div>
            <dt>制限時間</dt>
            <dd>{quiz.timeLimit}分</dd>
          </div>
          <div>
            <dt>作成者</dt>
            <dd>{quiz.authorName || '匿名'}</dd>
          </div>
        </dl>
        <div className="play-card__actions">
          <button type="button" className="button button--secondary" onClick={() => void navigate(-1)}>
            <ArrowLeft size={16} aria-hidden />
            戻る
          </button>
          <button type="button" className="button button--secondary" onClick={() => void share()}>
            <Share2 size={16} aria-hidden />
            共有
          </button>
          <button
            type="button"
            className="button button--primary button--large"
            onClick={onStart}
            disabled={quiz.questions.length === 0}
          >
            スタート
          </button>
        </div>
      </div>
    </section>
  );
}

function QuestionView(props: {
  quiz: QuizDetail;
  question: Question;
  position: number;
  total: number;
  remaining: number;
  chosen: Answer | undefined;
  onChoose: (letter: AnswerLetter) => void;
  last: boolean;
  onNext: () => void;
}) {
  const { question, chosen } = props;
  const options = optionsOf(question);
  const nextButton = useRef<HTMLButtonElement>(null);
  const { onChoose } = props;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      if (
        event.target instanceof HTMLElement &&
        ['INPUT', 'TEXTAREA', 'SELECT'].includes(event.target.tagName)
      )
        return;
      const key = event.key.toUpperCase();
      const byNumber = ['1', '2', '3', '4'].indexOf(key);
      const letter =
        byNumber >= 0
          ? ANSWER_LETTERS[byNumber]
          : (ANSWER_LETTERS as readonly string[]).includes(key)
            ? (key as AnswerLetter)
            : undefined;
      if (letter && options.some((option) => option.letter === letter)) onChoose(letter);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [options, onChoose]);

  useEffect(() => {
    if (chosen) nextButton.current?.focus();
  }, [chosen]);

  const correct = chosen === question.correctAnswer;
  return (
    <section className="container play" aria-labelledby="question-text">
      <div className="play-bar">
        <p className="play-bar__progress">
          問題 {props.position + 1} / {props.total}
        </p>
        <p
          className={`play-bar__timer${props.remaining <= 30 ? ' is-low' : ''}`}
          aria-label={`残り時間 ${formatTime(props.remaining)}`}
        >
          <Clock size={16} aria-hidden /> {formatTime(props.remaining)}
        </p>
      </div>
      <div className="progress" aria-hidden>
        <span style={{ width: `${((props.position + (chosen ? 1 : 0)) / props.total) * 100}%` }} />
      </div>
      <div className="card play-card">
        <h1 id="question-text" className="play-card__question">
          {question.questionText}
        </h1>
        <div className="answers" role="group" aria-label="選択肢（1〜4 または A〜D キーでも選べます）">
          {options.map((option, position) => {
            const state = !chosen
              ? ''
              : option.letter === question.correctAnswer
                ? ' is-correct'
                : option.letter === chosen
                  ? ' is-wrong'
                  : ' is-muted';
            return (
              <button
                key={option.letter}
                type="button"
                className={`answer${state}`}
                disabled={Boolean(chosen)}
                aria-pressed={chosen === option.letter}
                aria-label={`${option.letter}（${position + 1}）: ${option.text}`}
                onClick={() => props.onChoose(option.letter)}
              >
                <span className="answer__letter">{option.letter}</span>
                <span className="answer__text">{option.text}</span>
              </button>
            );
          })}
        </div>
        {chosen && (
          <div className={`feedback${correct ? ' is-correct' : ' is-wrong'}`} role="status">
            <p className="feedback__title">
              {correct ? <CheckCircle2 size={20} aria-hidden /> : <XCircle size={20} aria-hidden />}
              {correct
                ? '正解！'
                : `不正解… 正解は ${question.correctAnswer}: ${question[`option${question.correctAnswer}`] ?? ''}`}
            </p>
            {question.explanation && <p className="feedback__explanation">{question.explanation}</p>}
            <button ref={nextButton} type="button" className="button button--primary" onClick={props.onNext}>
              {props.last ? '結果を見る' : '次の問題へ'}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

function resultMessage(rate: number) {
  if (rate >= UI.resultThresholdExcellent) return 'すばらしい！ 完璧に近い出来です';
  if (rate >= UI.resultThresholdGood) return 'よくできました！';
  return 'もう一度チャレンジしてみよう！';
}

function Result(props: {
  quiz: QuizDetail;
  questions: Question[];
  answers: Record<string, Answer>;
  signedIn: boolean;
  onRetry: () => void;
}) {
  const save = useSaveAttempt();
  const rate = useRateAttempt();
  const favorites = useFavorites(props.signedIn);
  const [attemptId, setAttemptId] = useState<string | null>(null);
  const [stars, setStars] = useState(0);
  const [ratingOpen, setRatingOpen] = useState(false);
  const saved = useRef(false);
  const score = props.questions.filter(
    (question) => props.answers[question.id] === question.correctAnswer,
  ).length;
  const total = props.questions.length;
  const rate100 = total ? Math.round((score / total) * 100) : 0;

  useEffect(() => {
    if (!props.signedIn || saved.current) return;
    saved.current = true;
    const answers = Object.fromEntries(
      props.questions.map((question) => [question.id, props.answers[question.id] ?? '-']),
    );
    const answersByIndex = Object.fromEntries(
      props.questions.map((question, position) => [String(position), props.answers[question.id] ?? '-']),
    );
    save.mutate(
      { quizId: props.quiz.id, score, totalQuestions: total, answers, answersByIndex },
      {
        onSuccess: (result) => {
          toast({
            title: 'クイズ完了！',
            description: `${result.score} / ${result.totalQuestions} 問正解`,
            variant: 'success',
          });
          setAttemptId(result.id);
          setRatingOpen(true);
        },
        onError: () =>
          toast({ title: 'エラー', description: '結果の保存に失敗しました。', variant: 'destructive' }),
      },
    );
  }, [props.signedIn, props.questions, props.answers, props.quiz.id, score, total, save]);

  const isFavorite = (favorites.data ?? []).some((quiz) => quiz.id === props.quiz.id);
  return (
    <section className="container play">
      <div className="card play-card result">
        <p className="result__label">結果</p>
        <p className="result__score">
          <span>{score}</span> / {total} 問正解
        </p>
        <p className="result__rate">正答率 {rate100}%</p>
        <p className="result__message">{resultMessage(total ? score / total : 0)}</p>
        {!props.signedIn && <p className="auth__muted">ログインすると結果が保存されます。</p>}
        {ratingOpen && attemptId && (
          <div className="rating" role="group" aria-labelledby="rating-title">
            <p id="rating-title" className="rating__title">
              このクイズを評価してください
            </p>
            <div className="rating__stars">
              {[1, 2, 3, 4, 5].map((value) => (
                <button
                  key={value}
                  type="button"
                  className={`rating__star${value <= stars ? ' is-on' : ''}`}
                  aria-label={`${value}つ星`}
                  aria-pressed={value === stars}
                  onClick={() => setStars(value)}
                >
                  <Star size={28} aria-hidden fill={value <= stars ? 'currentColor' : 'none'} />
                </button>
              ))}
            </div>
            <div className="rating__actions">
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => setRatingOpen(false)}
              >
                スキップ
              </button>
              <button
                type="button"
                className="button button--primary button--small"
                disabled={stars === 0 || rate.isPending}
                onClick={() =>
                  rate.mutate(
                    { attemptId, rating: stars },
                    {
                      onSuccess: () => {
                        toast({ title: '評価ありがとうございます！', variant: 'success' });
                        setRatingOpen(false);
                      },
                      onError: () =>
                        toast({
                          title: 'エラー',
                          description: '評価の送信に失敗しました。',
                          variant: 'destructive',
                        }),
                    },
                  )
                }
              >
                評価を送信
              </button>
            </div>
          </div>
        )}
        <div className="play-card__actions">
          <FavoriteButton quizId={props.quiz.id} isFavorite={isFavorite} />
          <button type="button" className="button button--secondary" onClick={props.onRetry}>
            <RotateCcw size={16} aria-hidden />
            もう一度挑戦
          </button>
          <Link to={paths.home} className="button button--primary">
            ほかのクイズを探す
          </Link>
        </div>
      </div>
    </section>
  );
}
