import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_THRESHOLDS, REVIEW_THRESHOLD_BOUNDS } from '@contrail/domain/flight-review/flight-verdict';
import { signInForTest } from '../../../testing/factories';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { ReviewThresholdsPanel } from './review-thresholds-form';

const PATH = '/api/airline-manager/v1/airline/a1/review-thresholds';
const view = (thresholds = DEFAULT_REVIEW_THRESHOLDS) => ({ thresholds, defaults: DEFAULT_REVIEW_THRESHOLDS, bounds: REVIEW_THRESHOLD_BOUNDS });
const hardLanding = () => screen.getByRole('spinbutton', { name: 'Hardest touchdown allowed (ft/min, as a positive number)' });

describe('review thresholds', () => {
  it("shows each limit with its bounds and the site's default, refuses one out of bounds, then saves only what changed", async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`GET ${PATH}`]: () => json(view()),
      [`PUT ${PATH}`]: ({ body }) => json(view({ ...DEFAULT_REVIEW_THRESHOLDS, ...(body as object) })),
    });
    renderWithProviders(<ReviewThresholdsPanel airlineId="a1" canEdit />);
    expect(await screen.findByRole('form', { name: 'Review rules' })).toBeInTheDocument();
    const { min, max } = REVIEW_THRESHOLD_BOUNDS.hardLandingFpm;
    expect(hardLanding()).toHaveValue(DEFAULT_REVIEW_THRESHOLDS.hardLandingFpm);
    expect(hardLanding()).toHaveAccessibleDescription(`From ${min.toLocaleString('en')} to ${max.toLocaleString('en')}, site default ${DEFAULT_REVIEW_THRESHOLDS.hardLandingFpm}`);

    await userEvent.clear(hardLanding());
    await userEvent.type(hardLanding(), String(min - 1));
    await userEvent.click(screen.getByRole('button', { name: 'Save the review rules' }));
    expect(await screen.findByText(`Choose a value from ${min} to ${max.toLocaleString('en')}.`)).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.clear(hardLanding());
    await userEvent.type(hardLanding(), String(min));
    await userEvent.click(screen.getByRole('button', { name: 'Save the review rules' }));
    expect(await screen.findByText('Review rules saved.')).toBeInTheDocument();
    expect(fake.calls.find((call) => call.method === 'PUT')?.body).toEqual({ hardLandingFpm: min });
    expect(hardLanding()).toHaveValue(min);
  });

  it('puts the defaults back in the form', async () => {
    signInForTest();
    installFakeFetch({ [`GET ${PATH}`]: () => json(view({ ...DEFAULT_REVIEW_THRESHOLDS, hardLandingFpm: 400 })) });
    renderWithProviders(<ReviewThresholdsPanel airlineId="a1" canEdit />);
    await waitFor(() => expect(hardLanding()).toHaveValue(400));
    await userEvent.click(screen.getByRole('button', { name: 'Back to the site defaults' }));
    expect(hardLanding()).toHaveValue(DEFAULT_REVIEW_THRESHOLDS.hardLandingFpm);
  });

  it("lets an administrator read the limits without changing them", async () => {
    signInForTest();
    installFakeFetch({ [`GET ${PATH}`]: () => json(view()) });
    renderWithProviders(<ReviewThresholdsPanel airlineId="a1" canEdit={false} />);
    expect(await screen.findByText("Only the airline's owner changes these limits.")).toBeInTheDocument();
    expect(hardLanding()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save the review rules' })).not.toBeInTheDocument();
  });
});
