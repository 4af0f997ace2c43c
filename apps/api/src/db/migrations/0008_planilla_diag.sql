CREATE INDEX "planilla_diag1_idx" ON "planilla" USING btree ("diag1");--> statement-breakpoint
CREATE INDEX "planilla_diag2_idx" ON "planilla" USING btree ("diag2") WHERE diag2 IS NOT NULL;--> statement-breakpoint
CREATE INDEX "planilla_diag3_idx" ON "planilla" USING btree ("diag3") WHERE diag3 IS NOT NULL;--> statement-breakpoint
CREATE INDEX "planilla_diag4_idx" ON "planilla" USING btree ("diag4") WHERE diag4 IS NOT NULL;--> statement-breakpoint
CREATE INDEX "planilla_diag5_idx" ON "planilla" USING btree ("diag5") WHERE diag5 IS NOT NULL;