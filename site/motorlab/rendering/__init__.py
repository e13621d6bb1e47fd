"""What templates are rendered with: layouts, globals, asset URLs, widget props, tokens."""
