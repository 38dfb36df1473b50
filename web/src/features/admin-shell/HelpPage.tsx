import { Card, Classes, H1, H2, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { helpVideos } from './helpVideos';

/** /admin/help: the six tutorial videos, each a link to its configured address. */
export function HelpPage() {
  const { t } = useTranslation();
  return (
    <>
      <H1 className="page-title">{t('help.title')}</H1>
      <p>{t('help.intro')}</p>
      <ol className="help-videos">
        {helpVideos.map((video) => (
          <li key={video.key}>
            <Card className="help-video">
              <Icon icon="video" size={24} className="help-video-icon" intent="primary" />
              <div>
                <H2 className="help-video-title">
                  <a href={video.href}>{t(`help.videos.${video.key}`)}</a>
                </H2>
                <span className={Classes.TEXT_MUTED}>{t('help.videoHint')}</span>
              </div>
            </Card>
          </li>
        ))}
      </ol>
    </>
  );
}
