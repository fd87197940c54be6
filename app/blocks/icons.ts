// The fixed set of icons a block may name (feature grid, call-to-action card). Browser-safe; the schemas read the
// names, the renderers the components. Adding an icon is one line here.
import {
  BarChart3,
  Bot,
  CheckCircle2,
  FileText,
  GraduationCap,
  LineChart,
  Rocket,
  Shield,
  Sparkles,
  Users,
  Workflow,
  Zap,
} from "lucide-react";

export const BLOCK_ICONS = {
  "line-chart": LineChart,
  "file-text": FileText,
  rocket: Rocket,
  bot: Bot,
  workflow: Workflow,
  "bar-chart": BarChart3,
  "graduation-cap": GraduationCap,
  "check-circle": CheckCircle2,
  shield: Shield,
  sparkles: Sparkles,
  users: Users,
  zap: Zap,
} as const;

export type BlockIconName = keyof typeof BLOCK_ICONS;
export const BLOCK_ICON_NAMES = Object.keys(BLOCK_ICONS) as BlockIconName[];
