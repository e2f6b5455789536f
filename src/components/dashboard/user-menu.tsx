import { Avatar } from "@/components/dashboard/avatar";
import { SignOutButton } from "@/components/dashboard/sign-out-button";
import type { CurrentUser } from "@/components/lib/trpc-types";

/** Who is signed in, and the way out. */
export function UserMenu({ user }: { user: CurrentUser }) {
  return (
    <div className="flex min-w-0 items-center gap-3 md:flex-col md:items-stretch md:gap-2">
      <div className="flex min-w-0 items-center gap-2.5">
        <Avatar src={user.profile_photo_url || user.avatar || null} name={user.name} />
        <div className="hidden min-w-0 sm:block">
          <p className="truncate text-sm font-medium text-gray-900" data-testid="current-user-name">
            {user.name}
          </p>
          <p className="truncate text-xs text-gray-500">{user.email}</p>
        </div>
      </div>
      <div className="md:-mx-2.5">
        <SignOutButton />
      </div>
    </div>
  );
}
