import type { Metadata } from "next";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Widget preview", robots: { index: false } };

/** A stand-in web page running the real embed line: the Install tab frames it as the live preview. */
export default async function WidgetPreviewPage({ params }: { params: Promise<{ chatbot_id: string }> }) {
  const { chatbot_id: chatbotId } = await params;
  return (
    <div className="min-h-dvh bg-gray-100 p-6 text-gray-400">
      <div aria-hidden="true" className="space-y-3">
        <div className="h-6 w-40 rounded bg-gray-300" />
        <div className="h-3 w-64 rounded bg-gray-200" />
        <div className="h-3 w-56 rounded bg-gray-200" />
        <div className="h-3 w-60 rounded bg-gray-200" />
      </div>
      <script src="/widget.js" data-chatbot-id={chatbotId} async />
    </div>
  );
}
