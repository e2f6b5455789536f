import type { Metadata } from "next";
import { AuthFrame } from "@/components/auth/auth-frame";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { getBrand } from "@/components/portal/portal";

export const metadata: Metadata = { title: "Forgot password" };

export default async function ForgotPasswordPage() {
  return (
    <AuthFrame brand={await getBrand()} title="Reset your password" description="We will e-mail you a link to choose a new one.">
      <ForgotPasswordForm />
    </AuthFrame>
  );
}
