import type { CategoryInput } from './category';

/** The categories every stage starts with (issue: foundation). Colours are 7-character codes. */
export const SEED_CATEGORIES: readonly CategoryInput[] = [
  { id: 'science', name: '科学', description: '物理・化学・生物・天文など', color: '#3B82F6', icon: 'flask', isActive: true, sortOrder: 1 },
  { id: 'general', name: '一般知識', description: '日常の雑学から時事まで', color: '#10B981', icon: 'lightbulb', isActive: true, sortOrder: 2 },
  { id: 'history', name: '歴史', description: '日本史・世界史', color: '#F59E0B', icon: 'landmark', isActive: true, sortOrder: 3 },
  { id: 'sports', name: 'スポーツ', description: '競技のルールや記録', color: '#EF4444', icon: 'trophy', isActive: true, sortOrder: 4 },
  { id: 'entertainment', name: 'エンターテイメント', description: '映画・音楽・アニメ・ゲーム', color: '#8B5CF6', icon: 'film', isActive: true, sortOrder: 5 },
  { id: 'cooking', name: '料理', description: '食材・調理法・世界の料理', color: '#F97316', icon: 'utensils', isActive: true, sortOrder: 6 },
  { id: 'certification', name: '資格', description: '資格試験の対策に', color: '#0EA5E9', icon: 'award', isActive: true, sortOrder: 7 },
  { id: 'geography', name: '地理', description: '国・都市・地形・気候', color: '#14B8A6', icon: 'globe', isActive: true, sortOrder: 8 },
];
