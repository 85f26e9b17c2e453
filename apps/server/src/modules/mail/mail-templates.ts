import { EMAIL_CHANGE_TOKEN_TTL_HOURS, EMAIL_VERIFICATION_TOKEN_TTL_HOURS, PASSWORD_RESET_TOKEN_TTL_MINUTES } from '@contrail/domain/auth/auth-contract';
import type { Language } from '@contrail/domain/common/language';
import type { MailMessage } from './mailer';

/**
 * The account emails, in the language of the page the user asked from (its Accept-Language): the
 * user has no stored language, the web keeps it in local storage.
 */

export type AccountMailInput = { to: string; userName: string; link: string; language: Language };

type AccountMailTexts = {
  subject: string;
  title: string;
  intro: (userName: string) => string;
  open: string;
  validity: string;
  notYou: string;
  button: string;
};

const emailVerificationTexts: Record<Language, AccountMailTexts> = {
  en: {
    subject: 'Confirm your Contrail email address',
    title: 'Confirm your email address',
    intro: (userName) => `Hello ${userName}, please confirm your email address for Contrail.`,
    open: 'Open this link to confirm it:',
    validity: `This link is valid for ${EMAIL_VERIFICATION_TOKEN_TTL_HOURS} hours and can be used once.`,
    notYou: 'If you did not create a Contrail account, ignore this email.',
    button: 'Confirm my email',
  },
  fr: {
    subject: 'Confirmez votre adresse e-mail Contrail',
    title: 'Confirmez votre adresse e-mail',
    intro: (userName) => `Bonjour ${userName}, merci de confirmer votre adresse e-mail pour Contrail.`,
    open: 'Ouvrez ce lien pour la confirmer :',
    validity: `Ce lien est valable ${EMAIL_VERIFICATION_TOKEN_TTL_HOURS} heures et ne sert qu'une fois.`,
    notYou: "Si vous n'avez pas créé de compte Contrail, ignorez cet e-mail.",
    button: 'Confirmer mon e-mail',
  },
  es: {
    subject: 'Confirma tu dirección de correo de Contrail',
    title: 'Confirma tu dirección de correo',
    intro: (userName) => `Hola ${userName}, confirma tu dirección de correo para Contrail.`,
    open: 'Abre este enlace para confirmarla:',
    validity: `Este enlace es válido durante ${EMAIL_VERIFICATION_TOKEN_TTL_HOURS} horas y se puede usar una vez.`,
    notYou: 'Si no creaste una cuenta de Contrail, ignora este correo.',
    button: 'Confirmar mi correo',
  },
};

const passwordResetTexts: Record<Language, AccountMailTexts> = {
  en: {
    subject: 'Reset your Contrail password',
    title: 'Reset your password',
    intro: (userName) => `Hello ${userName}, someone asked to reset the password of your Contrail account.`,
    open: 'Open this link to choose a new password:',
    validity: `This link is valid for ${PASSWORD_RESET_TOKEN_TTL_MINUTES} minutes and can be used once.`,
    notYou: 'If it was not you, ignore this email: your password stays the same.',
    button: 'Choose a new password',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Contrail',
    title: 'Réinitialisez votre mot de passe',
    intro: (userName) => `Bonjour ${userName}, quelqu'un a demandé à réinitialiser le mot de passe de votre compte Contrail.`,
    open: 'Ouvrez ce lien pour choisir un nouveau mot de passe :',
    validity: `Ce lien est valable ${PASSWORD_RESET_TOKEN_TTL_MINUTES} minutes et ne sert qu'une fois.`,
    notYou: "Si ce n'était pas vous, ignorez cet e-mail : votre mot de passe ne change pas.",
    button: 'Choisir un nouveau mot de passe',
  },
  es: {
    subject: 'Restablece tu contraseña de Contrail',
    title: 'Restablece tu contraseña',
    intro: (userName) => `Hola ${userName}, alguien pidió restablecer la contraseña de tu cuenta de Contrail.`,
    open: 'Abre este enlace para elegir una nueva contraseña:',
    validity: `Este enlace es válido durante ${PASSWORD_RESET_TOKEN_TTL_MINUTES} minutos y se puede usar una vez.`,
    notYou: 'Si no fuiste tú, ignora este correo: tu contraseña no cambia.',
    button: 'Elegir una nueva contraseña',
  },
};

const emailChangeTexts: Record<Language, AccountMailTexts> = {
  en: {
    subject: 'Confirm your new Contrail email address',
    title: 'Confirm your new email address',
    intro: (userName) => `Hello ${userName}, you asked to use this address for your Contrail account.`,
    open: 'Open this link to confirm it; your account keeps its old address until you do:',
    validity: `This link is valid for ${EMAIL_CHANGE_TOKEN_TTL_HOURS} hours and can be used once.`,
    notYou: 'If you did not ask for this, ignore this email: nothing changes.',
    button: 'Confirm my new email',
  },
  fr: {
    subject: 'Confirmez votre nouvelle adresse e-mail Contrail',
    title: 'Confirmez votre nouvelle adresse e-mail',
    intro: (userName) => `Bonjour ${userName}, vous avez demandé à utiliser cette adresse pour votre compte Contrail.`,
    open: "Ouvrez ce lien pour la confirmer ; votre compte garde l'ancienne adresse d'ici là :",
    validity: `Ce lien est valable ${EMAIL_CHANGE_TOKEN_TTL_HOURS} heures et ne sert qu'une fois.`,
    notYou: "Si vous n'avez rien demandé, ignorez cet e-mail : rien ne change.",
    button: 'Confirmer ma nouvelle adresse',
  },
  es: {
    subject: 'Confirma tu nueva dirección de correo de Contrail',
    title: 'Confirma tu nueva dirección de correo',
    intro: (userName) => `Hola ${userName}, pediste usar esta dirección para tu cuenta de Contrail.`,
    open: 'Abre este enlace para confirmarla; tu cuenta conserva la dirección anterior hasta entonces:',
    validity: `Este enlace es válido durante ${EMAIL_CHANGE_TOKEN_TTL_HOURS} horas y se puede usar una vez.`,
    notYou: 'Si no lo pediste, ignora este correo: no cambia nada.',
    button: 'Confirmar mi nuevo correo',
  },
};

type EmailChangeNoticeTexts = { subject: string; body: (userName: string, newEmail: string) => string; notYou: string };

const emailChangeNoticeTexts: Record<Language, EmailChangeNoticeTexts> = {
  en: {
    subject: 'Your Contrail email address is about to change',
    body: (userName, newEmail) => `Hello ${userName}, someone signed in to your Contrail account asked to move it to ${newEmail}. It changes only once that address confirms.`,
    notYou: 'If it was not you, change your password now and use "Sign out everywhere" in your profile.',
  },
  fr: {
    subject: 'Votre adresse e-mail Contrail va changer',
    body: (userName, newEmail) => `Bonjour ${userName}, quelqu'un connecté à votre compte Contrail a demandé à le passer sur ${newEmail}. Le changement n'a lieu que si cette adresse le confirme.`,
    notYou: "Si ce n'était pas vous, changez votre mot de passe maintenant et utilisez « Se déconnecter partout » dans votre profil.",
  },
  es: {
    subject: 'Tu dirección de correo de Contrail va a cambiar',
    body: (userName, newEmail) => `Hola ${userName}, alguien con sesión en tu cuenta de Contrail pidió pasarla a ${newEmail}. Solo cambia cuando esa dirección lo confirme.`,
    notYou: 'Si no fuiste tú, cambia tu contraseña ahora y usa «Cerrar sesión en todas partes» en tu perfil.',
  },
};

const escapeHtml = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

const accountMail = (texts: AccountMailTexts, { to, userName, link, language }: AccountMailInput): MailMessage => {
  const intro = texts.intro(userName);
  return {
    to,
    subject: texts.subject,
    text: `${intro}\n\n${texts.open}\n${link}\n\n${texts.validity}\n${texts.notYou}\n`,
    html: [
      `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;color:#0f172a">`,
      `<h1 style="font-size:20px">${escapeHtml(texts.title)}</h1>`,
      ...[intro, texts.validity, texts.notYou].map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<p><a href="${escapeHtml(link)}" style="background:#0ea5e9;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(texts.button)}</a></p>`,
      `<p style="font-size:12px;color:#64748b">${escapeHtml(link)}</p>`,
      '</body></html>',
    ].join('\n'),
  };
};

export const emailVerificationMail = (input: AccountMailInput): MailMessage => accountMail(emailVerificationTexts[input.language], input);

export const passwordResetMail = (input: AccountMailInput): MailMessage => accountMail(passwordResetTexts[input.language], input);

export const emailChangeConfirmationMail = (input: AccountMailInput): MailMessage => accountMail(emailChangeTexts[input.language], input);

/** To the OLD address when a change is asked: no link, so a thief reading it gains nothing. */
export const emailChangeNoticeMail = ({ to, userName, newEmail, language }: { to: string; userName: string; newEmail: string; language: Language }): MailMessage => {
  const texts = emailChangeNoticeTexts[language];
  const body = texts.body(userName, newEmail);
  return {
    to,
    subject: texts.subject,
    text: `${body}\n\n${texts.notYou}\n`,
    html: [
      `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;color:#0f172a">`,
      ...[body, texts.notYou].map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      '</body></html>',
    ].join('\n'),
  };
};
