// The Showcase tab: add hero media (URL or upload), edit an item (against the version its dialog loaded),
// activate/deactivate, reorder (order input saved on blur or Enter, plus move up/down buttons), delete with
// confirmation. Row actions share one fetcher so their toasts are shown even when the row disappears.
import { ArrowDown, ArrowUp, Film, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { EditShowcaseDialog, ShowcaseFields } from "~/components/admin/showcase-edit";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Input } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { useActionToast } from "~/components/ui/toaster";
import type { ActionResult } from "~/lib/forms";
import { isUploadedImage, variantUrl } from "~/lib/uploads";

interface ShowcaseItemView {
  id: string;
  /** The version the edit dialog sends back. */
  version: string;
  title: string;
  description: string | null;
  mediaType: "video" | "image";
  mediaUrl: string;
  isActive: boolean;
  displayOrder: number;
}

const ROW_FETCHER = "showcase-row-action";

function AddMediaForm() {
  const fetcher = useFetcher<ActionResult>({ key: "showcase-add" });
  useActionToast(fetcher.data);
  // A new set of empty fields after each item added.
  const [added, setAdded] = useState(0);
  const busy = fetcher.state !== "idle";
  const errors = fetcher.data?.fieldErrors ?? {};

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setAdded((n) => n + 1);
  }, [fetcher.state, fetcher.data]);

  return (
    <fetcher.Form
      method="post"
      noValidate
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-labelledby="showcase-add-heading"
    >
      <h2 id="showcase-add-heading" className="text-lg font-semibold text-slate-900">
        Add showcase media
      </h2>
      <input type="hidden" name="intent" value="showcase-add" />
      <div key={added} className="space-y-4">
        <ShowcaseFields idPrefix="showcase" errors={errors} />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Adding..." : "Add Media"}
      </Button>
    </fetcher.Form>
  );
}

function Preview({ item }: { item: ShowcaseItemView }) {
  if (item.mediaType === "image") {
    const src = isUploadedImage(item.mediaUrl) ? variantUrl(item.mediaUrl, 480, "webp") : item.mediaUrl;
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        // An animated image has no small copy (ADR 019): show the original then.
        onError={(e) => {
          if (e.currentTarget.src !== new URL(item.mediaUrl, window.location.href).href)
            e.currentTarget.src = item.mediaUrl;
        }}
        className="size-16 shrink-0 rounded-lg bg-slate-100 object-cover"
      />
    );
  }
  return (
    <span className="flex size-16 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
      <Film className="size-6" aria-hidden />
    </span>
  );
}

function OrderInput({ item }: { item: ShowcaseItemView }) {
  const fetcher = useFetcher({ key: ROW_FETCHER });
  const id = `order-${item.id}`;
  const save = (input: HTMLInputElement) => {
    if (input.value === String(item.displayOrder)) return;
    fetcher.submit({ intent: "showcase-order", id: item.id, displayOrder: input.value }, { method: "post" });
  };
  return (
    <fetcher.Form
      method="post"
      className="flex items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const input = e.currentTarget.elements.namedItem("displayOrder");
        if (input instanceof HTMLInputElement) save(input);
      }}
    >
      <input type="hidden" name="intent" value="showcase-order" />
      <input type="hidden" name="id" value={item.id} />
      <label htmlFor={id} className="text-sm text-slate-700">
        Order<span className="sr-only"> of {item.title}</span>
      </label>
      <Input
        id={id}
        key={item.displayOrder}
        name="displayOrder"
        type="number"
        min={0}
        step={1}
        defaultValue={item.displayOrder}
        className="w-20"
        onBlur={(e) => save(e.currentTarget)}
      />
      <button type="submit" className="sr-only focus:not-sr-only focus:rounded focus:px-2 focus:text-sm">
        Save order
      </button>
    </fetcher.Form>
  );
}

function ShowcaseRow({
  item,
  first,
  last,
  timeZone,
}: {
  item: ShowcaseItemView;
  first: boolean;
  last: boolean;
  timeZone: string;
}) {
  const fetcher = useFetcher({ key: ROW_FETCHER });
  const pendingActive =
    fetcher.formData?.get("intent") === "showcase-toggle" && fetcher.formData.get("id") === item.id
      ? fetcher.formData.get("isActive") === "true"
      : undefined;
  const active = pendingActive ?? item.isActive;
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center" data-testid="showcase-row">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Preview item={item} />
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{item.title}</p>
          <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-600">
            <Badge variant="neutral">{item.mediaType}</Badge>
            <Badge variant={active ? "success" : "outline"}>{active ? "Active" : "Inactive"}</Badge>
          </p>
          <p className="mt-1 break-all text-xs text-slate-600">{item.mediaUrl}</p>
          {item.description ? <p className="mt-1 text-sm text-slate-700">{item.description}</p> : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-2">
          <Switch
            id={`active-${item.id}`}
            checked={active}
            onCheckedChange={(checked) =>
              fetcher.submit(
                { intent: "showcase-toggle", id: item.id, isActive: String(checked) },
                { method: "post" },
              )
            }
          />
          <label htmlFor={`active-${item.id}`} className="text-sm text-slate-700">
            Active<span className="sr-only"> ({item.title})</span>
          </label>
        </div>
        <OrderInput item={item} />
        <div className="flex items-center">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            disabled={first}
            onClick={() =>
              fetcher.submit({ intent: "showcase-move", id: item.id, direction: "up" }, { method: "post" })
            }
          >
            <ArrowUp aria-hidden />
            <span className="sr-only">Move {item.title} up</span>
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            disabled={last}
            onClick={() =>
              fetcher.submit({ intent: "showcase-move", id: item.id, direction: "down" }, { method: "post" })
            }
          >
            <ArrowDown aria-hidden />
            <span className="sr-only">Move {item.title} down</span>
          </Button>
        </div>
        <EditShowcaseDialog item={item} timeZone={timeZone} />
        <ConfirmDialog
          description="Are you sure you want to delete this media?"
          onConfirm={() => fetcher.submit({ intent: "showcase-delete", id: item.id }, { method: "post" })}
          trigger={
            <Button variant="ghost" size="icon" className="text-red-700 hover:bg-red-50 hover:text-red-800">
              <Trash2 aria-hidden />
              <span className="sr-only">Delete {item.title}</span>
            </Button>
          }
        />
      </div>
    </li>
  );
}

export function ShowcaseManager({ items, timeZone }: { items: ShowcaseItemView[]; timeZone: string }) {
  const rowFetcher = useFetcher({ key: ROW_FETCHER });
  useActionToast(rowFetcher.data);
  return (
    <div className="space-y-6">
      <AddMediaForm />
      <section
        aria-labelledby="showcase-list-heading"
        className="rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        <h2
          id="showcase-list-heading"
          className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900"
        >
          Showcase media <span className="text-sm font-normal text-slate-600">({items.length})</span>
        </h2>
        {items.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-slate-600">
            No showcase media yet. Add your first item above.
          </p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {items.map((item, i) => (
              <ShowcaseRow
                key={item.id}
                item={item}
                first={i === 0}
                last={i === items.length - 1}
                timeZone={timeZone}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
