import { redirect } from "next/navigation";
import { getSessionUserId } from "@/server/access";

export default async function HomePage() {
  redirect((await getSessionUserId()) ? "/chatbots" : "/login");
}
