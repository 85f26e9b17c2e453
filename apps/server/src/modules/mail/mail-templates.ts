import { EMAIL_VERIFICATION_TOKEN_TTL_HOURS, PASSWORD_RESET_TOKEN_TTL_MINUTES } from '@contrail/domain/auth/auth-contract';
import type { MailMessage } from './mailer';

/**
 * The account emails, in English. The user has no language setting yet (the web keeps it in local
 * storage); when one is stored, these gain fr and es versions keyed by it.
 */

const escapeHtml = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

const layout = (title: string, paragraphs: string[], link: { href: string; label: string }): string =>
  [
    '<!doctype html><html><body style="font-family:sans-serif;color:#0f172a">',
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(link.href)}" style="background:#0ea5e9;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`,
    `<p style="font-size:12px;color:#64748b">${escapeHtml(link.href)}</p>`,
    '</body></html>',
  ].join('\n');

export const emailVerificationMail = ({ to, userName, link }: { to: string; userName: string; link: string }): MailMessage => {
  const intro = `Hello ${userName}, please confirm your email address for Contrail.`;
  const validity = `This link is valid for ${EMAIL_VERIFICATION_TOKEN_TTL_HOURS} hours and can be used once.`;
  return {
    to,
    subject: 'Confirm your Contrail email address',
    text: `${intro}\n\nOpen this link to confirm it:\n${link}\n\n${validity}\nIf you did not create a Contrail account, ignore this email.\n`,
    html: layout('Confirm your email address', [intro, validity, 'If you did not create a Contrail account, ignore this email.'], {
      href: link,
      label: 'Confirm my email',
    }),
  };
};

export const passwordResetMail = ({ to, userName, link }: { to: string; userName: string; link: string }): MailMessage => {
  const intro = `Hello ${userName}, someone asked to reset the password of your Contrail account.`;
  const validity = `This link is valid for ${PASSWORD_RESET_TOKEN_TTL_MINUTES} minutes and can be used once.`;
  return {
    to,
    subject: 'Reset your Contrail password',
    text: `${intro}\n\nOpen this link to choose a new password:\n${link}\n\n${validity}\nIf it was not you, ignore this email: your password stays the same.\n`,
    html: layout('Reset your password', [intro, validity, 'If it was not you, ignore this email: your password stays the same.'], {
      href: link,
      label: 'Choose a new password',
    }),
  };
};
