import { Badge } from "~/components/ui/badge";
import { DIFFICULTY_LEVELS, type DifficultyLevel as Difficulty } from "~/lib/content-enums";
import { cn } from "~/lib/utils";

const styles: Record<Difficulty, { variant: "success" | "warning" | "danger"; label: string }> = {
  beginner: { variant: "success", label: "Beginner" },
  intermediate: { variant: "warning", label: "Intermediate" },
  advanced: { variant: "danger", label: "Advanced" },
};

/** The levels with their labels, in order (the academy's difficulty filter). */
export const DIFFICULTY_OPTIONS = DIFFICULTY_LEVELS.map((value) => ({
  value,
  label: styles[value].label,
}));

/** Difficulty as colour AND text (beginner green, intermediate yellow, advanced red), never colour alone. */
export function DifficultyBadge({ level, className }: { level: string; className?: string }) {
  const style = styles[level as Difficulty] ?? styles.beginner;
  return (
    <Badge variant={style.variant} className={cn(className)} data-difficulty={level}>
      <span className="sr-only">Difficulty: </span>
      {style.label}
    </Badge>
  );
}
