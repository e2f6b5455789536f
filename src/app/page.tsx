import { redirect } from "next/navigation";
import { getSessionUserId } from "@/server/auth/session";

export default async function HomePage() {
  redirect((await getSessionUserId()) ? "/chatbots" : "/login");
}
