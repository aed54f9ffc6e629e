import { paths } from '@web/config/paths';

/** The static pages (docs/spec/multiplayer-membership-study.md §2), linked from the footer of every screen. */
export const staticPageLinks = [
  { to: paths.terms, label: '利用規約' },
  { to: paths.privacy, label: 'プライバシーポリシー' },
  { to: paths.guidelines, label: 'コンテンツガイドライン' },
  { to: paths.help, label: 'ヘルプセンター' },
  { to: paths.faq, label: 'よくある質問' },
  { to: paths.tokushoho, label: '特定商取引法に基づく表記' },
] as const;
