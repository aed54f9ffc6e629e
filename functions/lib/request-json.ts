import { MESSAGES } from '@shared/messages';
import { hasLoneSurrogate } from '@shared/visible-text';
import { BadRequestError } from './errors';

class MalformedText extends Error {}

/**
 * A request's JSON (an HTTP body, a socket frame), refused with a Japanese 400 when it is not JSON
 * or when a key or string in it is not well-formed Unicode: a lone surrogate stored in a title or a
 * tag would break every page that puts it in an address, and every file named after it.
 */
export function parseRequestJson(text: string): unknown {
  try {
    return JSON.parse(text, (key: string, value: unknown) => {
      if (hasLoneSurrogate(key) || (typeof value === 'string' && hasLoneSurrogate(value)))
        throw new MalformedText();
      return value;
    });
  } catch (error) {
    throw new BadRequestError(error instanceof MalformedText ? MESSAGES.malformedText : MESSAGES.invalidJson);
  }
}
