import { fileDownloadSchema } from '../api';
import {
  classGameListSchema,
  classGameParamsSchema,
  classResultsSchema,
  createClassGameSchema,
  createdClassGameSchema,
  hostGameSchema,
} from '../classroom';
import { defineRoute } from './define';

/** Class games (issue 31; docs/classroom.md): the host's calls. Everything live goes over `/ws`. */
export const classroomApi = {
  create: defineRoute('POST /api/classroom/games', {
    body: createClassGameSchema,
    response: createdClassGameSchema,
  }),
  list: defineRoute('GET /api/classroom/games', { response: classGameListSchema }),
  get: defineRoute('GET /api/classroom/games/{gameId}', {
    params: classGameParamsSchema,
    response: hostGameSchema,
  }),
  results: defineRoute('GET /api/classroom/games/{gameId}/results', {
    params: classGameParamsSchema,
    response: classResultsSchema,
  }),
  /** One row a player, one column a question (UTF-8 with a BOM, formula-safe). */
  resultsCsv: defineRoute('GET /api/classroom/games/{gameId}/results.csv', {
    params: classGameParamsSchema,
    response: fileDownloadSchema,
    download: ['text/csv; charset=utf-8'],
  }),
};
