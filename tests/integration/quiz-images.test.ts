import { randomUUID } from 'node:crypto';
import { CopyObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import { TAG_LIMITS, TAG_MESSAGES } from '@shared/tags';
import { db } from '@functions/data/db';
import { RateWindowKeys } from '@functions/lib/rate-limit-keys';
import { windowStartOf } from '@functions/lib/rate-limit-policy';
import {
  QUIZ_IMAGE_LIMITS,
  QUIZ_IMAGE_MESSAGES,
  quizImageKeyOf,
  type QuestionImage,
} from '@shared/quiz-images';
import { dynamo, s3 } from '@functions/lib/aws-clients';
import { getConfig } from '@functions/lib/config';
import { copyQuizImages, sweepOrphanQuizImages } from '@functions/quizzes/quiz-image';
import { listQuizImageKeys, putQuizImage } from '@functions/quizzes/quiz-image-store';
import { seed } from '../../scripts/seed';
import { member, PASSWORD, registered, visitor } from '../support/actors';
import { startTestGateway } from '../support/gateway';
import type { TestClient } from '../support/http-client';
import { noisyPhoto, smallImage, uploadQuizImage, type ImageTicket } from '../support/images';

/**
 * Pictures in questions: the upload ticket, re-encoding and metadata removal, what is refused
 * (wrong bytes, foreign keys, bombs, missing alt text) with nothing left behind, what reads carry,
 * how the gateway serves them, and their deletion with their question, quiz and account.
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  gateway = await startTestGateway();
  await seed();
});
afterAll(() => gateway.stop());

const m = QUIZ_IMAGE_MESSAGES;

async function ticketFor(client: TestClient, bytes: Buffer, fileName: string, contentType: string) {
  const response = await client.request('POST', '/api/quizzes/images/uploads', {
    json: { fileName, size: bytes.length, contentType },
  });
  expect(response.status, response.text).toBe(201);
  return response.json as unknown as ImageTicket;
}

const question = (text: string, image?: { key: string; alt: string } | null) => ({
  questionText: text,
  optionA: '正解',
  optionB: '不正解',
  correctAnswer: 'A',
  ...(image !== undefined ? { image } : {}),
});

const quizBody = (questions: unknown[]) => ({
  quiz: {
    title: `画像クイズ ${randomUUID().slice(0, 6)}`,
    description: '地図の問題',
    category: '科学',
    difficulty: '初級',
    isPublished: true,
  },
  questions,
});

type Detail = { id: string; questions: { id: string; image: QuestionImage | null }[] };

async function createQuiz(client: TestClient, questions: unknown[]) {
  const response = await client.request('POST', '/api/quizzes', { json: quizBody(questions) });
  expect(response.status, response.text).toBe(201);
  return (await client.get(`/api/my-quizzes/${(response.json as unknown as { id: string }).id}`))
    .json as unknown as Detail;
}

const editQuiz = (client: TestClient, quizId: string, questions: unknown[]) =>
  client.request('PUT', `/api/quizzes/${quizId}`, {
    json: { ...quizBody(questions), quiz: { ...quizBody([]).quiz, timeLimit: 10 } },
  });

const uploadExists = (key: string) =>
  s3()
    .send(new HeadObjectCommand({ Bucket: getConfig().materialsBucket, Key: key }))
    .then(
      () => true,
      () => false,
    );

const storedKeys = (quizId: string) => listQuizImageKeys(`quiz-images/${quizId}/`);
const allStoredKeys = () => listQuizImageKeys('quiz-images/');

/** A PNG whose header claims `width` × `height` (a decompression bomb's header), with a CRC that checks. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await smallImage('png', 1, 1));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('the upload ticket', () => {
  it('is a presigned POST to the member’s own prefix, for one image type, 1 byte to 5 MB', async () => {
    const { client, user } = await member(gateway);
    const ticket = await ticketFor(client, Buffer.alloc(1000), '地図.png', 'image/png');
    expect(ticket.key).toMatch(new RegExp(`^uploads/${user.id}/quiz-images/[0-9a-f-]{36}\\.png$`));
    const policy = JSON.parse(Buffer.from(ticket.fields.Policy!, 'base64').toString('utf8')) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, QUIZ_IMAGE_LIMITS.maxBytes]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'image/png']);
    expect(policy.conditions).toContainEqual({ key: ticket.key });
  });

  it('is refused for other types, files over 5 MB and visitors; S3 refuses a larger file', async () => {
    const { client } = await member(gateway);
    const ask = (json: Record<string, unknown>) =>
      client.request('POST', '/api/quizzes/images/uploads', { json });
    const gif = await ask({ fileName: 'a.gif', size: 100, contentType: 'image/gif' });
    expect(gif.status).toBe(400);
    expect(gif.json.message).toBe(m.typeNotAllowed);
    const big = await ask({
      fileName: 'a.jpg',
      size: QUIZ_IMAGE_LIMITS.maxBytes + 1,
      contentType: 'image/jpeg',
    });
    expect(big.status).toBe(400);
    expect(big.json.message).toBe(m.tooLarge);
    const guest = await visitor(gateway);
    const asGuest = await guest.request('POST', '/api/quizzes/images/uploads', {
      json: { fileName: 'a.jpg', size: 1, contentType: 'image/jpeg' },
    });
    expect(asGuest.status).toBe(401);

    // The policy holds at S3 whatever size was announced.
    const ticket = await ticketFor(client, Buffer.alloc(10), 'a.jpg', 'image/jpeg');
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(QUIZ_IMAGE_LIMITS.maxBytes + 1)]), 'a.jpg');
    const stored = await fetch(ticket.url, { method: 'POST', body: form });
    expect(stored.status).toBe(400);
    expect(await uploadExists(ticket.key)).toBe(false);
  });

  it('is limited per member', async () => {
    const { client } = await member(gateway);
    const statuses: number[] = [];
    for (let call = 0; call <= QUIZ_IMAGE_LIMITS.uploadsPerMinute; call++)
      statuses.push(
        (
          await client.request('POST', '/api/quizzes/images/uploads', {
            json: { fileName: 'a.jpg', size: 10, contentType: 'image/jpeg' },
          })
        ).status,
      );
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    const refused = await client.request('POST', '/api/quizzes/images/uploads', {
      json: { fileName: 'a.jpg', size: 10, contentType: 'image/jpeg' },
    });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(m.uploadTooFast);
    // Another member is not affected.
    const { client: other } = await member(gateway);
    expect((await ticketFor(other, Buffer.alloc(10), 'a.jpg', 'image/jpeg')).key).toBeTruthy();
  });
});

describe('saving a question with a picture', () => {
  it('re-encodes a photo to WebP at most 1280 px wide with EXIF and GPS removed, and serves it for a year', async () => {
    const { client } = await member(gateway);
    const photo = await noisyPhoto(2400, 1800);
    const original = await sharp(photo).metadata();
    expect(original.exif?.toString('latin1')).toContain('QuizCam');
    expect(original.exif?.indexOf(Buffer.from([0x25, 0x88]))).toBeGreaterThan(0); // the GPS IFD pointer
    const key = await uploadQuizImage(client, photo);

    const detail = await createQuiz(client, [
      question('この地図の県は？', { key, alt: '日本地図の一部' }),
      question('画像なし'),
    ]);
    const image = detail.questions[0]!.image!;
    expect(image).toMatchObject({ width: 1280, height: 960, alt: '日本地図の一部' });
    expect(image.url).toMatch(new RegExp(`^/quiz-images/${detail.id}/[\\w-]{32}\\.webp$`));
    expect(detail.questions[1]!.image).toBeNull();
    // The upload is used up.
    expect(await uploadExists(key)).toBe(false);

    const served = await fetch(`${gateway.url}${image.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    const stored = await sharp(bytes).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 1280, height: 960 });
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    for (const secret of ['QuizCam', 'Secret Model', 'Hanako']) expect(bytes.includes(secret)).toBe(false);

    // Players read it too (without the answer key), as does anyone's play read.
    const { client: player } = await member(gateway);
    const play = (await player.get(`/api/quizzes/${detail.id}`)).json as unknown as Detail;
    expect(play.questions[0]!.image).toEqual(image);
    expect(play.questions[1]!.image).toBeNull();
  });

  it('keeps small pictures their size and takes PNG and WebP', async () => {
    const { client } = await member(gateway);
    const png = await uploadQuizImage(client, await smallImage('png', 300, 200), 'a.png', 'image/png');
    const webp = await uploadQuizImage(client, await smallImage('webp', 120, 90), 'b.webp', 'image/webp');
    const detail = await createQuiz(client, [
      question('PNG', { key: png, alt: '図' }),
      question('WebP', { key: webp, alt: '写真' }),
    ]);
    expect(detail.questions.map((q) => [q.image?.width, q.image?.height])).toEqual([
      [300, 200],
      [120, 90],
    ]);
  });

  it('refuses wrong bytes under a right name, and a decompression bomb, saving nothing', async () => {
    const { client } = await member(gateway);
    const before = await allStoredKeys();
    const good = await uploadQuizImage(client, await smallImage('jpeg'));
    const text = await uploadQuizImage(
      client,
      Buffer.from('<svg onload="alert(1)"></svg> これは画像ではありません'),
      'photo.jpg',
    );
    const wrong = await client.request('POST', '/api/quizzes', {
      json: quizBody([
        question('良い画像', { key: good, alt: '図' }),
        question('偽物', { key: text, alt: '図' }),
      ]),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe(m.notAnImage);

    // Bytes that start as a JPEG and break off: refused while decoding.
    const truncated = (await smallImage('jpeg', 400, 300)).subarray(0, 600);
    const broken = await uploadQuizImage(client, Buffer.from(truncated));
    const brokenSave = await client.request('POST', '/api/quizzes', {
      json: quizBody([question('壊れた画像', { key: broken, alt: '図' })]),
    });
    expect(brokenSave.status).toBe(400);
    expect(brokenSave.json.message).toBe(m.notAnImage);

    const bomb = await uploadQuizImage(client, await pngClaiming(60_000, 60_000), 'bomb.png', 'image/png');
    const bombSave = await client.request('POST', '/api/quizzes', {
      json: quizBody([question('爆弾', { key: bomb, alt: '図' })]),
    });
    expect(bombSave.status).toBe(400);
    expect(bombSave.json.message).toBe(m.dimensionsTooLarge);

    expect((await client.get('/api/my-quizzes')).json).toEqual([]);
    expect(await allStoredKeys()).toEqual(before);
  });

  it('takes only the member’s own uploads and the quiz’s own pictures', async () => {
    const { client, user: me } = await member(gateway);
    const { client: other } = await member(gateway);
    const theirs = await uploadQuizImage(other, await smallImage('jpeg'));
    const stolen = await client.request('POST', '/api/quizzes', {
      json: quizBody([question('他人の画像', { key: theirs, alt: '図' })]),
    });
    expect(stolen.status).toBe(400);
    expect(stolen.json.message).toBe(m.uploadMissing);
    expect(await uploadExists(theirs)).toBe(true);

    const theirQuiz = await createQuiz(other, [question('図', { key: theirs, alt: '図' })]);
    const theirStored = quizImageKeyOf(theirQuiz.questions[0]!.image!.url);
    const mine = await createQuiz(client, [question('自分の問題')]);
    for (const key of [
      theirStored,
      `uploads/${randomUUID()}/quiz-images/x.jpg`,
      'uploads/../quiz-images/x.webp',
    ]) {
      const response = await editQuiz(client, mine.id, [question('自分の問題', { key, alt: '図' })]);
      expect(response.status, key).toBe(400);
    }
    // A key never uploaded.
    const missing = await editQuiz(client, mine.id, [
      question('自分の問題', { key: `uploads/${me.id}/quiz-images/${randomUUID()}.jpg`, alt: '図' }),
    ]);
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe(m.uploadMissing);
  });

  it('requires alt text of 1–200 characters', async () => {
    const { client } = await member(gateway);
    const key = await uploadQuizImage(client, await smallImage('jpeg'));
    for (const [alt, message] of [
      [undefined, m.altRequired],
      ['   ', m.altRequired],
      ['あ'.repeat(201), m.altMax],
    ] as const) {
      const response = await client.request('POST', '/api/quizzes', {
        json: quizBody([{ ...question('図'), image: { key, ...(alt !== undefined ? { alt } : {}) } }]),
      });
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(message);
    }
    expect(await uploadExists(key)).toBe(true);
  });
});

describe('a member at their quota', () => {
  /** The S3 calls `work` makes that read, write or copy a picture (the work a refusal would waste). */
  async function pictureWorkDuring(work: () => Promise<void>): Promise<string[]> {
    const sends = vi.spyOn(s3(), 'send');
    try {
      await work();
      return sends.mock.calls
        .map(([command]) => command)
        .filter(
          (command) =>
            command instanceof GetObjectCommand ||
            command instanceof PutObjectCommand ||
            command instanceof CopyObjectCommand,
        )
        .map((command) => command.constructor.name);
    } finally {
      sends.mockRestore();
    }
  }

  it('is refused a quiz with pictures (429) before any picture is read, re-encoded or copied, and nothing is left', async () => {
    const { client } = await member(gateway);
    const source = await createQuiz(client, [
      question('1', { key: await uploadQuizImage(client, await smallImage('jpeg')), alt: '地図' }),
    ]);
    await createQuiz(client, [question('2')]);
    await createQuiz(client, [question('3')]);
    const before = await allStoredKeys();
    const good = await uploadQuizImage(client, await smallImage('jpeg', 320, 240));
    const text = await uploadQuizImage(client, Buffer.from('これは画像ではありません'), 'photo.jpg');
    const responses: { status: number; message: unknown }[] = [];
    const work = await pictureWorkDuring(async () => {
      for (const json of [
        quizBody([question('新しい画像', { key: good, alt: '図' })]),
        // A file the pictures' checks would refuse (400): the quota is told first.
        quizBody([question('偽物', { key: text, alt: '図' })]),
      ]) {
        const response = await client.request('POST', '/api/quizzes', { json });
        responses.push({ status: response.status, message: response.json.message });
      }
      const copy = await client.request('POST', `/api/quizzes/${source.id}/duplicate`);
      responses.push({ status: copy.status, message: copy.json.message });
    });
    expect(responses).toEqual(Array(3).fill({ status: 429, message: QUIZ_MESSAGES.quotaFree }));
    expect(work).toEqual([]);
    expect(await allStoredKeys()).toEqual(before);
    expect((await client.get('/api/my-quizzes')).json).toHaveLength(3);
  });

  it('of new tags is refused a save with pictures (429) before any picture is read or re-encoded', async () => {
    const { client, user } = await member(gateway);
    const now = Date.now();
    await db.put({
      Item: {
        ...RateWindowKeys.key({
          purpose: `tag-create#${user.id}`,
          windowStart: String(windowStartOf(now, 86_400)),
        }),
        hits: TAG_LIMITS.newPerDay,
        ttl: Math.floor(now / 1000) + 3 * 86_400,
      },
    });
    const good = await uploadQuizImage(client, await smallImage('jpeg', 320, 240));
    const before = await allStoredKeys();
    let refused: { status: number; message: unknown } | undefined;
    const work = await pictureWorkDuring(async () => {
      const body = quizBody([question('新しい画像', { key: good, alt: '図' })]);
      const response = await client.request('POST', '/api/quizzes', {
        json: { ...body, quiz: { ...body.quiz, tags: [`新しいタグ${randomUUID().slice(0, 6)}`] } },
      });
      refused = { status: response.status, message: response.json.message };
    });
    expect(refused).toEqual({ status: 429, message: TAG_MESSAGES.createTooMany });
    expect(work).toEqual([]);
    expect(await allStoredKeys()).toEqual(before);
    expect(await uploadExists(good)).toBe(true);
  });
});

describe('editing and deleting', () => {
  it('keeps a picture left out, changes its alt text, replaces and removes it, deleting what is no longer shown', async () => {
    const { client } = await member(gateway);
    const first = await uploadQuizImage(client, await smallImage('jpeg', 200, 100));
    const created = await createQuiz(client, [question('1', { key: first, alt: '最初' }), question('2')]);
    const firstImage = created.questions[0]!.image!;

    // Left out: kept.
    expect((await editQuiz(client, created.id, [question('1 改'), question('2')])).status).toBe(200);
    let detail = (await client.get(`/api/my-quizzes/${created.id}`)).json as unknown as Detail;
    expect(detail.questions[0]!.image).toEqual(firstImage);

    // Sent back by its key with new alt text; moved to the second question.
    const moved = await editQuiz(client, created.id, [
      question('1', null),
      question('2', { key: quizImageKeyOf(firstImage.url), alt: '新しい説明' }),
    ]);
    expect(moved.status, moved.text).toBe(200);
    detail = (await client.get(`/api/my-quizzes/${created.id}`)).json as unknown as Detail;
    expect(detail.questions.map((q) => q.image)).toEqual([null, { ...firstImage, alt: '新しい説明' }]);
    expect(await storedKeys(created.id)).toEqual([quizImageKeyOf(firstImage.url)]);

    // Replaced: the old picture is deleted.
    const second = await uploadQuizImage(client, await smallImage('png', 100, 100), 'b.png', 'image/png');
    expect(
      (await editQuiz(client, created.id, [question('1'), question('2', { key: second, alt: '別の図' })]))
        .status,
    ).toBe(200);
    detail = (await client.get(`/api/my-quizzes/${created.id}`)).json as unknown as Detail;
    const secondImage = detail.questions[1]!.image!;
    expect(secondImage.url).not.toBe(firstImage.url);
    expect(await storedKeys(created.id)).toEqual([quizImageKeyOf(secondImage.url)]);
    expect((await fetch(`${gateway.url}${firstImage.url}`)).status).toBe(404);

    // The question removed: its picture goes.
    expect((await editQuiz(client, created.id, [question('1')])).status).toBe(200);
    expect(await storedKeys(created.id)).toEqual([]);
  });

  it('stays consistent under 30 parallel edits that each add a picture', async () => {
    const { client } = await member(gateway);
    const created = await createQuiz(client, [question('1')]);
    const keys = await Promise.all(
      Array.from({ length: 30 }, (_, index) => smallImage('png', 40 + index, 30)).map(async (image) =>
        uploadQuizImage(client, await image, 'a.png', 'image/png'),
      ),
    );
    const statuses = await Promise.all(
      keys.map(
        async (key) => (await editQuiz(client, created.id, [question('1', { key, alt: '図' })])).status,
      ),
    );
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(statuses).toContain(200);
    const detail = (await client.get(`/api/my-quizzes/${created.id}`)).json as unknown as Detail;
    // Exactly the picture shown is stored: the losers cleaned up after themselves.
    expect(await storedKeys(created.id)).toEqual([quizImageKeyOf(detail.questions[0]!.image!.url)]);
  });

  it('deletes a quiz’s pictures with the quiz, and every quiz’s with the account', async () => {
    const { client } = await member(gateway);
    const quiz = await createQuiz(client, [
      question('1', { key: await uploadQuizImage(client, await smallImage('jpeg')), alt: '図' }),
    ]);
    expect(await storedKeys(quiz.id)).toHaveLength(1);
    expect((await client.request('DELETE', `/api/quizzes/${quiz.id}`)).status).toBe(200);
    expect(await storedKeys(quiz.id)).toEqual([]);

    const author = await registered(gateway);
    const kept = await createQuiz(author.client, [
      question('1', { key: await uploadQuizImage(author.client, await smallImage('jpeg')), alt: '図' }),
    ]);
    const unsaved = await uploadQuizImage(author.client, await smallImage('png'), 'a.png', 'image/png');
    expect(await storedKeys(kept.id)).toHaveLength(1);
    const deleted = await author.client.request('DELETE', '/api/user/delete', {
      json: { password: PASSWORD },
    });
    expect(deleted.status).toBe(200);
    expect(await storedKeys(kept.id)).toEqual([]);
    expect(await uploadExists(unsaved)).toBe(false);
  });
});

describe('copying a quiz’s pictures', () => {
  it('gives the copy pictures of its own, each copied once', async () => {
    const { client } = await member(gateway);
    const key = await uploadQuizImage(client, await smallImage('jpeg', 320, 240));
    const source = await createQuiz(client, [question('1', { key, alt: '図' }), question('2')]);
    const shared = source.questions[0]!.image!;
    const copyId = randomUUID();
    const copied = await copyQuizImages(copyId, [
      ...source.questions,
      { id: 'x', image: { ...shared, alt: '同じ図' } },
    ]);
    const copyKey = `quiz-images/${copyId}/${shared.url.slice(shared.url.lastIndexOf('/') + 1)}`;
    expect(copied.map((q) => q.image)).toEqual([
      { ...shared, url: `/${copyKey}` },
      null,
      { ...shared, url: `/${copyKey}`, alt: '同じ図' },
    ]);
    expect(await storedKeys(copyId)).toEqual([copyKey]);
    const [a, b] = await Promise.all(
      [shared.url, `/${copyKey}`].map(async (url) =>
        Buffer.from(await (await fetch(`${gateway.url}${url}`)).arrayBuffer()),
      ),
    );
    expect(b!.equals(a!)).toBe(true);
    // Deleting the source leaves the copy's pictures.
    expect((await client.request('DELETE', `/api/quizzes/${source.id}`)).status).toBe(200);
    expect(await storedKeys(copyId)).toEqual([copyKey]);
  });
});

describe('a save whose outcome is unknown', () => {
  it('keeps its pictures: its write timed out after it was made, and the quiz shows them', async () => {
    const { client } = await member(gateway);
    const key = await uploadQuizImage(client, await smallImage('jpeg'));
    const name = `lost-answer-${randomUUID()}`;
    let timedOut = false;
    // The transaction that writes a question with a picture is made, then its answer is lost.
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (
          !timedOut &&
          context.commandName === 'TransactWriteItemsCommand' &&
          JSON.stringify(args.input).includes('quiz-images/')
        ) {
          timedOut = true;
          throw Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });
        }
        return result;
      },
      { step: 'initialize', name },
    );
    try {
      const response = await client.request('POST', '/api/quizzes', {
        json: quizBody([question('1', { key, alt: '地図' })]),
      });
      expect(response.status, response.text).toBeGreaterThanOrEqual(500);
    } finally {
      dynamo().middlewareStack.remove(name);
    }
    expect(timedOut).toBe(true);
    const [saved] = (await client.get('/api/my-quizzes')).json as unknown as { id: string }[];
    const detail = (await client.get(`/api/my-quizzes/${saved!.id}`)).json as unknown as Detail;
    const shown = detail.questions[0]!.image!;
    expect(await storedKeys(saved!.id)).toEqual([quizImageKeyOf(shown.url)]);
  });
});

describe('orphan pictures (npm run images:sweep)', () => {
  it('deletes the pictures of a quiz that was never saved once they are older than the cut-off, never a saved quiz’s', async () => {
    const { client } = await member(gateway);
    const saved = await createQuiz(client, [
      question('1', { key: await uploadQuizImage(client, await smallImage('jpeg')), alt: '地図' }),
    ]);
    // What a creation that timed out between its pictures and its transaction leaves.
    const orphan = `quiz-images/${randomUUID()}/${'a'.repeat(32)}.webp`;
    await putQuizImage(orphan, Buffer.from(await smallImage('webp')));
    const savedKeys = await storedKeys(saved.id);
    expect(savedKeys).toHaveLength(1);

    // Written after the cut-off (a creation may still be under way): kept.
    expect(await sweepOrphanQuizImages(new Date(Date.now() - 3_600_000))).not.toContain(orphan.split('/')[1]);
    expect(await allStoredKeys()).toContain(orphan);

    const swept = await sweepOrphanQuizImages(new Date(Date.now() + 60_000));
    expect(swept).toContain(orphan.split('/')[1]);
    expect(swept).not.toContain(saved.id);
    expect(await allStoredKeys()).not.toContain(orphan);
    expect(await storedKeys(saved.id)).toEqual(savedKeys);
  });
});

describe('duplicating a quiz with pictures', () => {
  it('gives the copy (POST /api/quizzes/{id}/duplicate) its own pictures, which outlive the source', async () => {
    const { client } = await member(gateway);
    const key = await uploadQuizImage(client, await smallImage('jpeg', 320, 240));
    const source = await createQuiz(client, [question('1', { key, alt: '地図' }), question('2')]);
    const response = await client.request('POST', `/api/quizzes/${source.id}/duplicate`);
    expect(response.status, response.text).toBe(201);
    const copyId = (response.json as unknown as { id: string }).id;
    const copy = (await client.get(`/api/my-quizzes/${copyId}`)).json as unknown as Detail;
    const picture = copy.questions[0]!.image!;
    expect(picture.alt).toBe('地図');
    expect(picture.url.startsWith(`/quiz-images/${copyId}/`)).toBe(true);
    expect(copy.questions[1]!.image).toBeNull();
    expect(await storedKeys(copyId)).toEqual([quizImageKeyOf(picture.url)]);
    expect((await client.request('DELETE', `/api/quizzes/${source.id}`)).status).toBe(200);
    expect((await fetch(`${gateway.url}${picture.url}`)).status).toBe(200);
  });
});
