import { accountsApi } from './accounts';
import { adminApi } from './admin';
import { aiApi } from './ai';
import { attemptsApi } from './attempts';
import { categoriesApi } from './categories';
import { classroomApi } from './classroom';
import type { RouteContract } from './define';
import { focusedStudyApi } from './focused-study';
import { membershipApi } from './membership';
import { multiplayerApi } from './multiplayer';
import { learningApi } from './learning';
import { quizAnalyticsApi } from './quiz-analytics';
import { quizImagesApi } from './quiz-images';
import { quizzesApi } from './quizzes';
import { spreadsheetsApi } from './spreadsheets';
import { tagsApi } from './tags';

/**
 * Every route of the contract. Handlers and web calls import their feature's file (so a function
 * bundles only its feature's schemas); this list is for the checks that the contract and the
 * route table match, and for tools that describe the whole API.
 */
export const API_CONTRACT: readonly RouteContract[] = [
  accountsApi,
  categoriesApi,
  quizzesApi,
  quizImagesApi,
  attemptsApi,
  learningApi,
  aiApi,
  adminApi,
  multiplayerApi,
  membershipApi,
  focusedStudyApi,
  spreadsheetsApi,
  quizAnalyticsApi,
  tagsApi,
  classroomApi,
].flatMap((feature) => Object.values(feature));
