import { isMessageKey, type MessageKey } from '../i18n/messages.ts';

/**
 * Error codes the API answers with, and their HTTP status. A code is a message-catalogue key,
 * except the legacy sign-up code 2002 (email taken) that the specification fixes.
 */
export const EMAIL_TAKEN_CODE = 2002;

export const errorStatus = {
  badRequest: 400,
  invalidCharacters: 400,
  invalidUnicode: 400,
  inputTooComplex: 400,
  duplicateTextbook: 400,
  idempotencyKeyReused: 409,
  requestTooLarge: 413,
  invalidCredentials: 401,
  unauthorized: 401,
  twoFactorRequired: 401,
  forbidden: 403,
  lastOwner: 409,
  staffRoleFromConfig: 409,
  staffAccountNotFound: 404,
  invalidMonthRange: 400,
  massMailNotPausable: 409,
  massMailNotResumable: 409,
  massMailNotCancellable: 409,
  sendAtInPast: 422,
  twoFactorEnrolmentRequired: 403,
  twoFactorSessionRequired: 403,
  crossSiteRequest: 403,
  notFound: 404,
  emailTaken: 409,
  selectedAddressLocked: 409,
  addressAlreadySelected: 409,
  priceChanged: 409,
  planAlreadyActive: 409,
  planStillActive: 409,
  orderInProgress: 409,
  orderExpired: 409,
  alreadyShipped: 409,
  notYetShipped: 409,
  noDeviceToReturn: 409,
  chargeInProgress: 409,
  lessonsSuspended: 409,
  clockBackwards: 409,
  alreadyCancelled: 409,
  addresseeLocked: 409,
  addresseeRequired: 400,
  addresseeTooLong: 400,
  addresseeInvalid: 400,
  coolingOffNotAvailable: 422,
  electronicDeliveryConsentRequired: 422,
  switchNotActive: 409,
  switchSamePlan: 409,
  switchInTrial: 422,
  switchOtherKind: 422,
  noSuchPlan: 422,
  cancellationConfirmationsRequired: 422,
  switchPlanFailed: 422,
  dateInFuture: 422,
  dateTooEarly: 422,
  clockBusy: 503,
  announcementMailAlreadySent: 409,
  twoFactorAlreadyEnabled: 409,
  twoFactorNotStarted: 409,
  twoFactorNotEnabled: 409,
  twoFactorRequiredByPolicy: 409,
  resetLinkInvalid: 422,
  emailChangeLinkInvalid: 422,
  emailUnchanged: 422,
  wrongPassword: 422,
  changePasswordFailed: 422,
  addressLimitReached: 422,
  cardRegistrationError: 422,
  paymentDeclined: 422,
  insufficientFunds: 422,
  authenticationFailed: 422,
  planUnavailable: 422,
  addressRequired: 422,
  cardRequired: 422,
  announcementMailNotNeeded: 422,
  invalidDateRange: 400,
  invalidStepTime: 400,
  invalidStepDate: 400,
  fileTypeNotAllowed: 415,
  fileTooLarge: 413,
  fileNotFound: 422,
  assigneeNotStaff: 422,
  tooManyAttachments: 400,
  invalidOneTimeCode: 422,
  tooManyRequests: 429,
  internal: 500,
  sendMailFailed: 503,
} as const satisfies Partial<Record<MessageKey, number>>;

export type ApiErrorKey = keyof typeof errorStatus;
/** What `code` holds: a catalogue key (for a 400, the first field's message) or the legacy 2002. */
export type ApiErrorCode = MessageKey | typeof EMAIL_TAKEN_CODE;

export interface ApiIssue {
  path: string;
  code: MessageKey;
}

export interface ApiErrorBody {
  status: 'error';
  code: ApiErrorCode;
  issues?: ApiIssue[];
  /** What the page needs to offer another way on (a cancelled plan still in cooling-off: its last day). */
  data?: Record<string, unknown>;
}

/** The message key to show for an API error code (2002 shows emailTaken). */
export function messageKeyForCode(code: unknown): MessageKey {
  if (code === EMAIL_TAKEN_CODE || code === String(EMAIL_TAKEN_CODE)) return 'emailTaken';
  return isMessageKey(code) ? code : 'internal';
}
