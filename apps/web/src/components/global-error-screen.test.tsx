import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render';
import { GlobalErrorScreen } from './global-error-screen';

describe('global error screen', () => {
  it('shows the heading, the text and the error message', async () => {
    renderApp('/broken', [
      {
        path: '/',
        ErrorBoundary: GlobalErrorScreen,
        children: [
          {
            path: 'broken',
            loader: () => {
              throw new Error('Engine flameout');
            },
            Component: () => null,
          },
        ],
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Oups something gone wrong:')).toBeInTheDocument();
    expect(screen.getByText('Engine flameout')).toBeInTheDocument();
    expect(screen.getByText(/send this message to support/)).toBeInTheDocument();
  });
});
