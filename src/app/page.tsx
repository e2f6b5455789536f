import { redirect } from "next/navigation";
import { getSessionUserId } from "@/server/access";

export default async function HomePage() {
  // /home sends people without a home (no agency, no client workspace) on to their chatbots.
  redirect((await getSessionUserId()) ? "/home" : "/login");
}
