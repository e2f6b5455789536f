"use client";

import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { MenuIcon } from "@/components/icons";
import { cn } from "@/components/lib/cn";
import { NavLinks } from "@/components/dashboard/nav-links";
import type { NavKey } from "@/server/access";

/**
 * The main navigation behind a "Menu" button on a phone (a disclosure: the top bar stays one row instead of
 * wrapping ten links onto three); from `md` up the button is gone and the links are the sidebar's column.
 * Escape closes the menu and puts focus back on the button; following a link closes it.
 */
export function MenuNav({ keys }: { keys: NavKey[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const pathname = usePathname();
  const [openedAt, setOpenedAt] = useState(pathname);
  // A link followed: the page changed under the open menu, which closes (state adjusted while rendering).
  if (open && pathname !== openedAt) setOpen(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          setOpenedAt(pathname);
          setOpen((o) => !o);
        }}
        className="order-3 inline-flex items-center gap-1.5 rounded-md border border-gray-300 px-2.5 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 md:hidden"
      >
        <MenuIcon className="size-4" />
        Menu
      </button>
      <div id={id} className={cn("order-4 w-full min-w-0 md:order-2 md:block md:flex-1", open ? "block" : "hidden")}>
        <NavLinks keys={keys} />
      </div>
    </>
  );
}
