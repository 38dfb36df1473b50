/** The one date and time style, shared with the e-mails the server sends. */
export * from '../../../domain/shared/format';
