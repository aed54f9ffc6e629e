import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';

/**
 * An item as a table stream record carries it (`NewImage`/`OldImage`, in DynamoDB's attribute-value
 * form), as the plain object the rest of the functions read; undefined when the record has none
 * (no old image on an insert, no new one on a removal).
 */
export function itemOfImage<T>(image: Record<string, unknown> | undefined): T | undefined {
  return image ? (unmarshall(image as Record<string, AttributeValue>) as T) : undefined;
}
