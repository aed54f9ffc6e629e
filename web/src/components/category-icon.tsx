import {
  Award,
  FlaskConical,
  Film,
  Folder,
  Globe,
  Landmark,
  Lightbulb,
  Trophy,
  Utensils,
  type LucideIcon,
} from 'lucide-react';

/** Stored icon names (category `icon`) to icons; unknown names fall back to the default 'folder'. */
const icons: Record<string, LucideIcon> = {
  flask: FlaskConical,
  lightbulb: Lightbulb,
  landmark: Landmark,
  trophy: Trophy,
  film: Film,
  utensils: Utensils,
  award: Award,
  globe: Globe,
  folder: Folder,
};

export function CategoryIcon({ name, size = 22 }: { name: string; size?: number }) {
  const Icon = icons[name] ?? Folder;
  return <Icon size={size} aria-hidden />;
}
