import busboy from 'busboy';
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  createServer,
  request as forwardRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { pipeline } from 'node:stream';

/**
 * What s3rver leaves out and real S3 does, in front of it: a bucket is private, and a browser's
 * presigned POST upload is checked against its signed policy (signature, expiry, every condition:
 * bucket, key, content-length-range, and no field the policy does not cover). Signed SDK requests
 * and CORS preflights go through to s3rver as they are (it does not verify V4 signatures: the
 * local stack trusts its own functions). Listens on 127.0.0.1 only; a client's errors (a reset,
 * an upload cut off, a request it cannot parse) end that request, never the process.
 */
const MAX_POST_BYTES = 64 * 1024 * 1024;
/** Form fields S3 does not require a policy condition for. */
const UNCONDITIONED_FIELDS = new Set(['policy', 'x-amz-signature', 'file']);

interface S3Error {
  status: number;
  code: string;
  message: string;
}

const ACCESS_DENIED: S3Error = { status: 403, code: 'AccessDenied', message: 'Access Denied' };
const ENTITY_TOO_LARGE: S3Error = {
  status: 400,
  code: 'EntityTooLarge',
  message: 'Your proposed upload exceeds the maximum allowed size',
};

const INVALID_URI: S3Error = {
  status: 400,
  code: 'InvalidURI',
  message: "Couldn't parse the specified URI.",
};

const policyFailure = (message: string): S3Error => ({
  status: 403,
  code: 'AccessDenied',
  message: `Invalid according to Policy: ${message}`,
});

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** Checks a POST upload's form against its policy; null when S3 would take it. */
export function checkPostPolicy(
  fields: Map<string, string>,
  fileSize: number,
  bucket: string,
  secret: string,
  now = new Date(),
): S3Error | null {
  const encoded = fields.get('policy');
  const signature = fields.get('x-amz-signature') ?? '';
  const credential = (fields.get('x-amz-credential') ?? '').split('/');
  if (!encoded || credential.length !== 5) return ACCESS_DENIED;
  const [, date = '', region = '', service = '', terminator = ''] = credential;
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), terminator);
  const expected = hmac(signingKey, encoded).toString('hex');
  if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected)))
    return {
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided.',
    };
  let policy: { expiration?: string; conditions?: unknown[] };
  try {
    policy = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as typeof policy;
  } catch {
    return { status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: Invalid JSON.' };
  }
  if (!policy.expiration || !(Date.parse(policy.expiration) > now.getTime()))
    return policyFailure('Policy expired.');
  const valueOf = (field: string) => (field === 'bucket' ? bucket : fields.get(field));
  const covered = new Set<string>();
  for (const condition of policy.conditions ?? []) {
    if (Array.isArray(condition)) {
      const [operator, first, second] = condition as [string, unknown, unknown];
      if (operator === 'content-length-range') {
        if (fileSize < Number(first))
          return {
            status: 400,
            code: 'EntityTooSmall',
            message: 'Your proposed upload is smaller than the minimum allowed size',
          };
        if (fileSize > Number(second)) return ENTITY_TOO_LARGE;
        continue;
      }
      const field = String(first).replace(/^\$/, '').toLowerCase();
      covered.add(field);
      const value = valueOf(field) ?? '';
      const met =
        operator === 'eq' ? value === second : operator === 'starts-with' && value.startsWith(String(second));
      if (!met)
        return policyFailure(`Policy Condition failed: ["${operator}", "$${field}", "${String(second)}"]`);
    } else if (condition && typeof condition === 'object') {
      for (const [name, expectedValue] of Object.entries(condition)) {
        const field = name.toLowerCase();
        covered.add(field);
        if (valueOf(field) !== expectedValue)
          return policyFailure(`Policy Condition failed: ["eq", "$${field}", "${String(expectedValue)}"]`);
      }
    }
  }
  const extra = [...fields.keys()].filter(
    (field) => !covered.has(field) && !UNCONDITIONED_FIELDS.has(field) && !field.startsWith('x-ignore-'),
  );
  if (extra.length) return policyFailure(`Extra input fields: ${extra.join(', ')}`);
  return null;
}

/** The form fields (names lower-cased, as S3 treats them) and the size of the file part. */
function readPostForm(body: Buffer, contentType: string) {
  return new Promise<{ fields: Map<string, string>; fileSize: number | null }>((resolve, reject) => {
    const fields = new Map<string, string>();
    let fileSize: number | null = null;
    const parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fieldSize: 64 * 1024 },
    });
    parser.on('field', (name, value) => fields.set(name.toLowerCase(), value));
    parser.on('file', (_name, stream) => {
      fileSize = 0;
      stream.on('data', (chunk: Buffer) => (fileSize! += chunk.length));
    });
    parser.on('error', reject);
    parser.on('close', () => resolve({ fields, fileSize }));
    parser.end(body);
  });
}

function sendError(request: IncomingMessage, response: ServerResponse, error: S3Error) {
  if (response.headersSent || response.destroyed) return;
  const origin = request.headers.origin;
  response.writeHead(error.status, {
    'content-type': 'application/xml',
    ...(origin ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {}),
  });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${error.code}</Code><Message>${error.message.replace(/[<>&"]/g, '')}</Message></Error>`,
  );
}

/** Starts the guard on `port`, in front of s3rver on `upstreamPort`. */
export async function startS3Guard(options: {
  port: number;
  upstreamPort: number;
  secret: string;
}): Promise<Server> {
  const forward = (request: IncomingMessage, response: ServerResponse, body?: Buffer) => {
    const upstream = forwardRequest(
      {
        host: '127.0.0.1',
        port: options.upstreamPort,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        // pipeline: either side failing closes the other instead of leaving it open.
        pipeline(answer, response, () => undefined);
      },
    );
    upstream.on('error', () => response.destroy());
    if (body) upstream.end(body);
    // A client that leaves mid-upload aborts the upstream request too.
    else pipeline(request, upstream, () => undefined);
  };

  const server = createServer((request, response) => {
    request.on('error', () => undefined); // the client left: nothing to answer
    response.on('error', () => undefined);
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://127.0.0.1');
    } catch {
      return sendError(request, response, INVALID_URI);
    }
    const signed =
      Boolean(request.headers.authorization) ||
      url.searchParams.has('X-Amz-Signature') ||
      url.searchParams.has('Signature');
    if (request.method === 'OPTIONS' || signed) return forward(request, response);
    const contentType = request.headers['content-type'] ?? '';
    const name = /^\/([^/]+)\/?$/.exec(url.pathname)?.[1];
    if (request.method !== 'POST' || !name || !/^multipart\/form-data/i.test(contentType))
      return sendError(request, response, ACCESS_DENIED);
    let bucket: string;
    try {
      bucket = decodeURIComponent(name);
    } catch {
      return sendError(request, response, INVALID_URI);
    }

    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      if (response.headersSent) return;
      size += chunk.length;
      if (size > MAX_POST_BYTES) {
        sendError(request, response, ENTITY_TOO_LARGE);
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      readPostForm(body, contentType)
        .then(
          ({ fields, fileSize }) => {
            if (fileSize === null)
              return sendError(request, response, {
                status: 400,
                code: 'InvalidArgument',
                message: 'POST requires exactly one file upload per request.',
              });
            const failure = checkPostPolicy(fields, fileSize, bucket, options.secret);
            if (failure) return sendError(request, response, failure);
            forward(request, response, body);
          },
          () =>
            sendError(request, response, {
              status: 400,
              code: 'MalformedPOSTRequest',
              message: 'The body of your POST request is not well-formed multipart/form-data.',
            }),
        )
        .catch((error: unknown) => {
          console.error('[s3-guard] POST upload check failed', error);
          sendError(request, response, {
            status: 500,
            code: 'InternalError',
            message: 'We encountered an internal error. Please try again.',
          });
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      server.on('error', (error) => console.error('[s3-guard] server error', error));
      resolve();
    });
  });
  return server;
}
