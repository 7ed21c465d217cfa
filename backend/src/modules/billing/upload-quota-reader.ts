/**
 * Reads how many uploads a user made in the current period. The books module owns the upload counter
 * (`upload_usage`) and registers the implementation; billing only reports it.
 */
export abstract class UploadQuotaReader {
  /** The current period as `YYYY-MM` (UTC) and the uploads counted in it. */
  abstract usedThisPeriod(userId: string): Promise<{ period: string; used: number }>;
}
