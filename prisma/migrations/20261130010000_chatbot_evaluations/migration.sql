-- Issue 22, item 6 (docs/decisions/063-chatbot-quality-score.md): a chatbot's own test questions and the
-- evaluations that ask them of its retrieval and grounding.
CREATE TABLE "evaluation_questions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "chatbot_id" UUID NOT NULL,
    "question" TEXT NOT NULL,
    "expected_url" TEXT,
    "expected_title" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "evaluation_questions_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "evaluation_questions_chatbot_id_created_at_idx" ON "evaluation_questions"("chatbot_id", "created_at");
ALTER TABLE "evaluation_questions" ADD CONSTRAINT "evaluation_questions_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "evaluations" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "chatbot_id" UUID NOT NULL,
    "trigger" TEXT NOT NULL DEFAULT 'manual',
    "status" TEXT NOT NULL DEFAULT 'queued',
    "question_count" INTEGER NOT NULL DEFAULT 0,
    "hit_rate" DOUBLE PRECISION,
    "first_hit_rate" DOUBLE PRECISION,
    "mrr" DOUBLE PRECISION,
    "grounded_rate" DOUBLE PRECISION,
    "score" DOUBLE PRECISION,
    "previous_score" DOUBLE PRECISION,
    "results" JSONB NOT NULL DEFAULT '[]',
    "error" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(6),

    CONSTRAINT "evaluations_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "evaluations_chatbot_id_created_at_idx" ON "evaluations"("chatbot_id", "created_at");
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
