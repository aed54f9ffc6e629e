import { FOCUSED_STUDY, FOCUSED_STUDY_MESSAGES } from '@shared/focused-study';
import { batchGetAll } from '../data/batch';
import { queryAll } from '../data/paginate';
import { transactWrite, type NamedItem } from '../data/transact';
import { NotFoundError } from '../lib/errors';
import { accountGuard } from '../users/user-store';
import { UserKeys } from '../users/user-keys';
import type { MaterialRecord } from './material-policy';
import { counterItem } from './settings-store';
import { StudyMaterialKeys, StudyMaterialTextKeys } from './study-keys';

/**
 * Study materials in the table: each material (`FSMAT#`) with its extracted text apart
 * (`FSTEXT#`, so listing materials does not read their text), counted on the settings item
 * (`materialCount`, at most 20). Every write carries the account's guard.
 */

/** The member's materials, in no particular order. */
export const readMaterials = (userId: string) =>
  queryAll<MaterialRecord>({ partition: UserKeys.pk({ userId }), beginsWith: StudyMaterialKeys.skPrefix() });

/** Writes materials with their texts, within the member's quota, all or none. */
export async function writeMaterials(
  userId: string,
  materials: readonly { item: MaterialRecord; text: string }[],
) {
  await transactWrite([
    accountGuard(userId),
    counterItem(userId, 'materialCount', materials.length, {
      max: FOCUSED_STUDY.materialsMax,
      message: FOCUSED_STUDY_MESSAGES.materialLimit,
    }),
    ...materials.flatMap(({ item, text }): NamedItem[] => [
      {
        Put: {
          Item: {
            ...StudyMaterialKeys.key({ userId, materialId: item.id }),
            ...item,
            ...StudyMaterialKeys.owner({ userId, materialId: item.id }),
          },
        },
      },
      {
        Put: {
          Item: {
            ...StudyMaterialTextKeys.key({ userId, materialId: item.id }),
            extractedText: text,
            ...StudyMaterialTextKeys.owner({ userId, materialId: item.id }),
          },
        },
      },
    ]),
  ]);
}

/** Deletes a material with its text; another member's (or one already gone) is "not found". */
export async function deleteMaterialItems(userId: string, materialId: string) {
  const notFound = () => new NotFoundError(FOCUSED_STUDY_MESSAGES.materialNotFound);
  await transactWrite([
    accountGuard(userId),
    {
      Delete: {
        Key: StudyMaterialKeys.key({ userId, materialId }),
        ConditionExpression: 'attribute_exists(pk)',
      },
      onConditionFailed: notFound,
    },
    { Delete: { Key: StudyMaterialTextKeys.key({ userId, materialId }) } },
    counterItem(userId, 'materialCount', -1),
  ]);
}

/** The extracted texts of these materials, in their order (a text not found is left out). */
export async function readMaterialTexts(userId: string, materials: readonly MaterialRecord[]) {
  const texts = await batchGetAll<{ sk: string; extractedText: string }>(
    materials.map((item) => StudyMaterialTextKeys.key({ userId, materialId: item.id })),
  );
  const bySk = new Map(texts.map((text) => [text.sk, text.extractedText]));
  return materials
    .map((item) => bySk.get(StudyMaterialTextKeys.sk({ materialId: item.id })) ?? '')
    .filter(Boolean);
}
