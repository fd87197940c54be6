// Status and difficulty badges of the content lists (docs/product.md, Content statuses: difficulty beginner
// green, intermediate yellow, advanced red).
import { Badge } from "~/components/ui/badge";

const statusVariant = { published: "success", draft: "neutral", archived: "outline" } as const;
const difficultyVariant = { beginner: "success", intermediate: "warning", advanced: "danger" } as const;

const capitalise = (s: string) => `${s[0]?.toUpperCase() ?? ""}${s.slice(1)}`;

export function StatusBadge({ status }: { status: string }) {
  const variant = statusVariant[status as keyof typeof statusVariant] ?? "neutral";
  return (
    <Badge variant={variant} data-testid="status-badge">
      {capitalise(status)}
    </Badge>
  );
}

export function DifficultyBadge({ level }: { level: string }) {
  const variant = difficultyVariant[level as keyof typeof difficultyVariant] ?? "neutral";
  return (
    <Badge variant={variant} data-testid="difficulty-badge">
      {capitalise(level)}
    </Badge>
  );
}
