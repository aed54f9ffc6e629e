import { tagsApi } from '@shared/contract/tags';
import { httpHandler } from '../http';
import { adminTags } from '../../tags/tag';

/** `GET /api/admin/tags`: every tag, inactive ones included, most used first. */
export const handler = httpHandler(tagsApi.adminList, async () => ({ body: await adminTags() }));
