import { useTranslation } from 'react-i18next';
import { Dropdown, dropdownItemClasses } from '../../../components/ui/dropdown';
import { helpLinks } from '../../../config/app-config';

/** Spec section 2 "Help menu": tutorial videos (French playlist in French), support, community. */
export const HelpMenu = () => {
  const { t, i18n } = useTranslation('shell');
  const links = [
    { href: i18n.language === 'fr' ? helpLinks.tutorialPlaylistFr : helpLinks.tutorialPlaylist, label: t('help.tutorials') },
    { href: helpLinks.supportSite, label: t('help.support') },
    { href: helpLinks.communityChat, label: t('help.community') },
  ];
  return (
    <Dropdown
      label={t('help.open')}
      placement="above"
      triggerClassName="h-10 w-10 justify-center border border-slate-600 bg-slate-900 text-lg font-bold text-slate-50 hover:bg-slate-700"
      trigger={<span aria-hidden="true">?</span>}
    >
      {(close) => (
        <ul className="flex flex-col">
          {links.map((link) => (
            <li key={link.label}>
              <a href={link.href} target="_blank" rel="noopener noreferrer" className={dropdownItemClasses} onClick={close}>
                {link.label}
                <span className="sr-only">{t('help.newTab')}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </Dropdown>
  );
};
