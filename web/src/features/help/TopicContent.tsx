import { AnchorButton, Card, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { screenshotSize, stepImage, stepNumbers, type HelpTopic } from './helpTopics';

interface TopicContentProps {
  topic: HelpTopic;
  /** The configured video address, or null: the written guide only. */
  video: string | null;
  language: string;
}

/** A topic's body: its video when one is configured, then its numbered steps, each with a screenshot. */
export function TopicContent({ topic, video, language }: TopicContentProps) {
  const { t } = useTranslation();
  return (
    <>
      <p className="help-topic-lead">{t(`help.topics.${topic.key}.summary`)}</p>
      {video && (
        <Card className="help-video-card">
          <H2 className="card-title">{t('help.videoTitle')}</H2>
          <video className="help-video-player" controls preload="metadata" src={video}>
            {t('help.videoFallback')}
          </video>
          <AnchorButton href={video} icon="video" variant="minimal" target="_blank" rel="noopener">
            {t('help.videoOpen')}
          </AnchorButton>
        </Card>
      )}
      <H2 className="help-guide-title">{t('help.guideTitle')}</H2>
      <ol className="help-steps">
        {stepNumbers(topic).map((step) => (
          <li key={step} className="help-step">
            <Card className="help-step-card">
              <p className="help-step-text">
                <span className="help-step-number">{t('help.stepLabel', { number: step })}</span>
                {t(`help.topics.${topic.key}.steps.${step}.text` as 'help.topics.createCalendar.steps.1.text')}
              </p>
              <img
                className="help-step-image"
                src={stepImage(language, topic, step)}
                alt={t(`help.topics.${topic.key}.steps.${step}.alt` as 'help.topics.createCalendar.steps.1.alt')}
                width={screenshotSize.width}
                height={screenshotSize.height}
                loading="lazy"
              />
            </Card>
          </li>
        ))}
      </ol>
    </>
  );
}
